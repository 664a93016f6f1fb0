//===- SuppressionComments.cpp - Suppression comments kept in output ------===//

#include "SuppressionComments.h"

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/SuppressionMarker.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tcgen05;

SuppressionComments::SuppressionComments(llvm::StringRef Text) : Text(Text) {
  forEachSuppressionComment(Text, [&](size_t LineStart,
                                      llvm::SmallVector<unsigned, 2> &&Codes) {
    size_t End = Text.find('\n', LineStart);
    if (End != llvm::StringRef::npos)
      End = Text.find('\n', End + 1);
    size_t CoverEnd = End == llvm::StringRef::npos ? Text.size() + 1 : End + 1;
    Comments.push_back({LineStart, CoverEnd, std::move(Codes)});
  });
}

void SuppressionComments::printBefore(Span S, llvm::StringRef Indent,
                                      llvm::raw_ostream &OS) const {
  if (Comments.empty() || S.empty())
    return;
  // A comment covers its line and the next: S is covered when it starts
  // before the comment's cover ends and ends on or after the comment's
  // line.  No line start is searched for: a module written on one line
  // took time quadratic in its statements.
  size_t Begin = static_cast<size_t>(S.Begin - Text.data());
  size_t Last = static_cast<size_t>(S.End - Text.data()) - 1;
  auto It = llvm::partition_point(
      Comments, [&](const Comment &C) { return C.CoverEnd <= Begin; });
  bool Every = false, Any = false;
  llvm::SmallVector<unsigned, 4> Codes;
  for (; It != Comments.end() && It->LineStart <= Last; ++It) {
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
