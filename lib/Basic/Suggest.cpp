//===- Suggest.cpp - Did-you-mean suggestions for misspelled words --------===//

#include "tcgen05/Basic/Suggest.h"

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

llvm::ArrayRef<std::string> tcgen05::ptxDirectiveNames() {
  static const std::string Names[] = {
      ".address_size", ".alias", ".align", ".branchtargets", ".callprototype",
      ".calltargets", ".common", ".const", ".entry", ".explicitcluster",
      ".extern", ".file", ".func", ".global", ".loc", ".local",
      ".maxclusterrank", ".maxnctapersm", ".maxnreg", ".maxntid",
      ".minnctapersm", ".noreturn", ".param", ".pragma", ".reg",
      ".reqnctapercluster", ".reqntid", ".section", ".shared", ".sreg",
      ".target", ".tex", ".version", ".visible", ".weak", ".attribute",
      ".abi_preserve", ".abi_preserve_control", ".blocksareclusters"};
  return Names;
}
