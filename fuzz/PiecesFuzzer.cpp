//===- PiecesFuzzer.cpp - A body checked in pieces must read as a whole ---===//
//
// Checks each input twice: every body whole, and bodies without tcgen05
// instructions a few statements at a time (CheckOptions::
// BodyPieceStatements), so that names, labels and scopes meet across
// pieces.  The diagnostics must be the same.
//
//===----------------------------------------------------------------------===//

#include "CheckText.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

std::string check(llvm::StringRef Text, size_t PieceStatements) {
  tcgen05::CheckOptions Check;
  Check.BodyPieceStatements = PieceStatements;
  return tcgen05::fuzz::checkText(Text, Check);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::string Whole = check(Text, 0);
  // Pieces of one to four statements, chosen by the input.
  size_t Piece = Size ? 1 + Data[Size - 1] % 4 : 1;
  std::string Pieces = check(Text, Piece);
  if (Whole != Pieces) {
    std::fprintf(stderr, "whole:\n%s\nin pieces of %zu:\n%s\n", Whole.c_str(),
                 Piece, Pieces.c_str());
    std::abort();
  }
  return 0;
}
