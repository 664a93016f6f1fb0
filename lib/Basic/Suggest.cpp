//===- Suggest.cpp - Did-you-mean suggestions for misspelled words --------===//

#include "tcgen05/Basic/Suggest.h"

#include <vector>

using namespace tcgen05;

size_t tcgen05::closestCandidate(llvm::StringRef Word, size_t Count,
                                 llvm::function_ref<llvm::StringRef(size_t)> At,
                                 bool PreferTypos) {
  unsigned Best = static_cast<unsigned>(Word.size() / 3);
  // Among candidates as close, a letter typed twice or left out ('mmma',
  // 'dealoc') beats a letter mistyped: the one closest without replacements.
  // Without PreferTypos every candidate has the same shape.
  unsigned BestShape = ~0u;
  size_t Found = NoCandidate;
  bool Tie = false;
  for (size_t I = 0; I < Count; ++I) {
    llvm::StringRef C = At(I);
    unsigned D = Word.edit_distance(C, /*AllowReplacements=*/true, Best);
    if (!D || D > Best)
      continue;
    unsigned Shape =
        PreferTypos
            ? Word.edit_distance(C, /*AllowReplacements=*/false, 2 * Best + 1)
            : 0;
    if (Found != NoCandidate && D == Best) {
      if (Shape < BestShape) {
        Found = I;
        BestShape = Shape;
        Tie = false;
      } else if (Shape == BestShape && C != At(Found)) {
        Tie = true;
      }
      continue;
    }
    Best = D;
    BestShape = Shape;
    Found = I;
    Tie = false;
  }
  return Tie ? NoCandidate : Found;
}

std::string tcgen05::closestSpelling(llvm::StringRef Word,
                                     llvm::ArrayRef<std::string> Candidates,
                                     bool PreferTypos) {
  size_t I = closestCandidate(
      Word, Candidates.size(),
      [&](size_t K) { return llvm::StringRef(Candidates[K]); }, PreferTypos);
  return I == NoCandidate ? std::string() : Candidates[I];
}

llvm::ArrayRef<llvm::StringLiteral> tcgen05::functionHeaderDirectiveNames() {
  // PTX ISA 11.4 (performance-tuning directives) and the ABI directives:
  // between a function's parameter list and its body, never inside it
  // (ptxas 13.0: "Parsing error near '.maxnreg'").
  static constexpr llvm::StringLiteral Names[] = {
      ".maxnreg",           ".maxntid",         ".reqntid",
      ".minnctapersm",      ".maxnctapersm",    ".maxclusterrank",
      ".reqnctapercluster", ".explicitcluster", ".blocksareclusters",
      ".noreturn",          ".abi_preserve",    ".abi_preserve_control"};
  return Names;
}

llvm::ArrayRef<std::string> tcgen05::ptxDirectiveNames() {
  static const std::vector<std::string> Names = [] {
    std::vector<std::string> N = {
        ".address_size",  ".alias",       ".align",    ".branchtargets",
        ".callprototype", ".calltargets", ".common",   ".const",
        ".entry",         ".extern",      ".file",     ".func",
        ".global",        ".loc",         ".local",    ".param",
        ".pragma",        ".reg",         ".section",  ".shared",
        ".sreg",          ".target",      ".tex",      ".version",
        ".visible",       ".weak",        ".attribute"};
    for (llvm::StringLiteral H : functionHeaderDirectiveNames())
      N.push_back(H.str());
    return N;
  }();
  return Names;
}
