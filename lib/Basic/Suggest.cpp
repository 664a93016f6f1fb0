//===- Suggest.cpp - Did-you-mean suggestions for misspelled words --------===//

#include "tcgen05/Basic/Suggest.h"

#include <vector>

using namespace tcgen05;

std::string tcgen05::closestSpelling(llvm::StringRef Word,
                                     llvm::ArrayRef<std::string> Candidates) {
  unsigned Best = static_cast<unsigned>(Word.size() / 3);
  std::string Suggestion;
  bool Tie = false;
  for (const std::string &C : Candidates) {
    unsigned D = Word.edit_distance(C, /*AllowReplacements=*/true, Best);
    if (!D || D > Best)
      continue;
    if (!Suggestion.empty() && D == Best) {
      Tie |= C != Suggestion;
      continue;
    }
    Best = D;
    Suggestion = C;
    Tie = false;
  }
  return Tie ? std::string() : Suggestion;
}

llvm::ArrayRef<llvm::StringLiteral> tcgen05::functionHeaderDirectiveNames() {
  // PTX ISA 11.4 (performance-tuning directives) and the ABI directives:
  // between a function's parameter list and its body, never inside it
  // (ptxas 13.0: "Parsing error near '.maxnreg'").
  static constexpr llvm::StringLiteral Names[] = {
      ".maxnreg",        ".maxntid",          ".reqntid",
      ".minnctapersm",   ".maxnctapersm",     ".maxclusterrank",
      ".reqnctapercluster", ".explicitcluster", ".blocksareclusters",
      ".noreturn",       ".abi_preserve",     ".abi_preserve_control"};
  return Names;
}

llvm::ArrayRef<std::string> tcgen05::ptxDirectiveNames() {
  static const std::vector<std::string> Names = [] {
    std::vector<std::string> N = {
        ".address_size", ".alias", ".align", ".branchtargets", ".callprototype",
        ".calltargets", ".common", ".const", ".entry", ".extern", ".file",
        ".func", ".global", ".loc", ".local", ".param", ".pragma", ".reg",
        ".section", ".shared", ".sreg", ".target", ".tex", ".version",
        ".visible", ".weak", ".attribute"};
    for (llvm::StringLiteral H : functionHeaderDirectiveNames())
      N.push_back(H.str());
    return N;
  }();
  return Names;
}
