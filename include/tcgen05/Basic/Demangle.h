//===- Demangle.h - Readable names of C++ functions --------------*- C++
//-*-===//
//
// nvcc's kernels and inlined functions carry Itanium-mangled names hundreds
// of characters long; diagnostics show them as the qualified name alone.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_DEMANGLE_H
#define TCGEN05_BASIC_DEMANGLE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace tcgen05 {

/// A function's qualified name without template and call arguments
/// ("cute::detail::explode"); the fully demangled name when that cannot be
/// had, and Name itself when it is not mangled.
std::string readableFunctionName(llvm::StringRef Name);

} // namespace tcgen05

#endif
