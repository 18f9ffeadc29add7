// Drives Tengen through @sabaki/gtp, Sabaki's own GTP library, the way
// Sabaki talks to an engine: attach, sync a position with commands written
// without waiting, genmove, lz-analyze interrupted by protocol_version,
// genmove_analyze, quit. Usage: node sabaki_test.js path/to/tengen
'use strict'
const assert = require('node:assert/strict')
const path = require('node:path')

let Controller
try {
  ;({Controller} = require('@sabaki/gtp'))
} catch (err) {
  console.error('@sabaki/gtp is missing: run `npm install` in ' + __dirname)
  process.exit(2)
}

const enginePath = path.resolve(process.argv[2] || '../../build/tengen')
const engineArgs = ['--playouts', '300', '--seed', '5', '--log-level', process.env.TENGEN_LOG || 'warn', '--memory', '64']

function timeout(ms, what) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error('timed out: ' + what)), ms))
}

async function send(engine, name, args = [], subscriber) {
  const response = await Promise.race([
    engine.sendCommand({name, args}, subscriber),
    timeout(60000, name)
  ])
  assert.equal(response.error, false, `${name} ${args.join(' ')} failed: ${response.content}`)
  return response.content
}

let stderr = ''

async function main() {
  const engine = new Controller(enginePath, engineArgs)
  engine.on('stderr', ({content}) => (stderr += content + '\n'))
  engine.start()

  // Attach.
  assert.equal(await send(engine, 'name'), 'Tengen')
  assert.match(await send(engine, 'version'), /^\d+\.\d+/)
  assert.equal(await send(engine, 'protocol_version'), '2')
  const commands = (await send(engine, 'list_commands')).split('\n')
  for (const c of ['lz-analyze', 'lz-genmove_analyze', 'genmove_analyze', 'kata-analyze', 'undo'])
    assert.ok(commands.includes(c), 'list_commands lacks ' + c)

  // Sync a position: komi before boardsize, then a burst of plays and an
  // undo, all written before any answer is read.
  const burst = [
    ['komi', ['7']],
    ['boardsize', ['9']],
    ['clear_board', []],
    ['play', ['B', 'E5']],
    ['play', ['W', 'C4']],
    ['play', ['B', 'G4']],
    ['play', ['W', 'C6']],
    ['play', ['B', 'D3']],
    ['undo', []]
  ]
  const answers = await Promise.all(burst.map(([name, args]) => send(engine, name, args)))
  assert.deepEqual(answers, burst.map(() => ''))
  const board = await send(engine, 'showboard')
  assert.match(board, /komi 7/)
  assert.match(board, /black to move/)

  // genmove: a legal vertex for Black, played on the board.
  const move = await send(engine, 'genmove', ['B'])
  assert.match(move, /^([A-HJ]\d|pass|resign)$/i)

  // lz-analyze, interrupted by protocol_version as Sabaki does.
  const infoLines = []
  let sawEnough
  const enough = new Promise(resolve => (sawEnough = resolve))
  const analysis = engine.sendCommand({name: 'lz-analyze', args: ['W', '10']}, ({line}) => {
    if (process.env.TENGEN_LOG) console.error('lz-analyze line: ' + line.slice(0, 60))
    if (line.startsWith('info')) {
      infoLines.push(line)
      if (infoLines.length >= 3) sawEnough()
    }
  })
  await Promise.race([enough, timeout(60000, 'lz-analyze info lines')])
  const stopped = send(engine, 'protocol_version')
  const analysisResponse = await Promise.race([analysis, timeout(60000, 'lz-analyze to stop')])
  assert.equal(analysisResponse.error, false)
  assert.equal(await stopped, '2')
  for (const line of infoLines) {
    assert.match(line, /^info move [A-HJ]\d visits \d+ winrate \d+ prior \d+ lcb \d+ order 0 pv [A-HJ]\d/)
    const winrates = [...line.matchAll(/winrate (\d+)/g)].map(m => Number(m[1]))
    for (const w of winrates) assert.ok(w >= 0 && w <= 10000, 'winrate out of range: ' + w)
  }

  // genmove_analyze: info lines while it thinks, then the move, played.
  const genInfo = []
  const genResponse = await send(engine, 'lz-genmove_analyze', ['W', '1'], ({line}) => {
    if (line.startsWith('info')) genInfo.push(line)
  })
  const played = genResponse.match(/^play ([A-HJ]\d|pass|resign)$/im)
  assert.ok(played, 'no play line in: ' + genResponse.slice(-200))
  const afterGenmove = await send(engine, 'showboard')
  assert.match(afterGenmove, /black to move/)

  await engine.stop()
  console.log(
    `ok: attach, sync, genmove ${move}, lz-analyze (${infoLines.length} info lines), ` +
      `genmove_analyze (${genInfo.length} info lines, ${played[0]}), quit`
  )
}

main().catch(err => {
  console.error('FAIL:', err.message)
  console.error('engine stderr (last lines):\n' + stderr.split('\n').slice(-20).join('\n'))
  process.exit(1)
})
