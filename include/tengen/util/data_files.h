#pragma once
// Where Tengen finds the data files it ships (patterns/): next to an
// installed binary, next to a build folder, or in the source tree it was
// built from.

#include <string>

namespace tengen {

// The first of <binary's folder>/../share/tengen/patterns/<name>,
// <binary's folder>/../patterns/<name> and <source tree>/patterns/<name>
// that exists; else the last, so that an error names a sensible path.
std::string shipped_pattern_file(const std::string& name);

}  // namespace tengen
