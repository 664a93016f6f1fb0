//===- ShapeCacheFuzzer.cpp - Shapes must stand for statements alike ------===//
//
// Checks each input twice: with the cache of tcgen05 statement shapes that
// the inputs before it filled, as one process checking many files does, and
// with a cache of its own.  The diagnostics must be the same, or a shape
// stood for two statements that do not parse alike.
//
//===----------------------------------------------------------------------===//

#include "CheckText.h"

#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

std::string check(llvm::StringRef Text, tcgen05::Tcgen05ShapeCache &Shapes) {
  tcgen05::CheckOptions Check;
  Check.ShapeCache = &Shapes;
  return tcgen05::fuzz::checkText(Text, Check);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // Lives as long as the fuzzing process, like the tool's over its inputs.
  static tcgen05::Tcgen05ShapeCache Filled;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::string Warm = check(Text, Filled);
  tcgen05::Tcgen05ShapeCache Own;
  std::string Cold = check(Text, Own);
  if (Warm != Cold) {
    std::fprintf(stderr, "with earlier shapes:\n%s\nalone:\n%s\n", Warm.c_str(),
                 Cold.c_str());
    std::abort();
  }
  return 0;
}
