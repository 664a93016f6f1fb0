//===- SuppressionComments.cpp - Suppression comments kept in output ------===//

#include "SuppressionComments.h"

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/FindText.h"
#include "tcgen05/Basic/SuppressionMarker.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tcgen05;

SuppressionComments::SuppressionComments(llvm::StringRef Text) : Text(Text) {
  forEachSuppressionComment(
      Text, [&](size_t LineStart, llvm::SmallVector<unsigned, 2> &&Codes) {
        Comments.push_back({LineStart, std::move(Codes)});
      });
}

void SuppressionComments::printBefore(Span S, llvm::StringRef Indent,
                                      llvm::raw_ostream &OS) const {
  if (Comments.empty() || S.empty())
    return;
  size_t Begin = lineStartAt(Text, static_cast<size_t>(S.Begin - Text.data()));
  size_t From = Begin ? lineStartAt(Text, Begin - 1) : 0;
  size_t To = lineStartAt(Text, static_cast<size_t>(S.End - Text.data()) - 1);
  auto It = llvm::partition_point(
      Comments, [&](const Comment &C) { return C.LineStart < From; });
  bool Every = false, Any = false;
  llvm::SmallVector<unsigned, 4> Codes;
  for (; It != Comments.end() && It->LineStart <= To; ++It) {
    Any = true;
    Every |= It->Codes.empty();
    for (unsigned C : It->Codes)
      if (C)
        Codes.push_back(C);
  }
  // Misspelt codes silence nothing, and neither does their copy.
  if (!Any || (!Every && Codes.empty()))
    return;
  OS << Indent << "// " << SuppressionMarker << " ignore";
  if (!Every) {
    llvm::sort(Codes);
    Codes.erase(std::unique(Codes.begin(), Codes.end()), Codes.end());
    for (size_t K = 0; K < Codes.size(); ++K)
      OS << (K ? ", " : " ") << formatDiagCode(Codes[K]);
  }
  OS << '\n';
}
