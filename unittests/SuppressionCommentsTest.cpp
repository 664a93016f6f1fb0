//===- SuppressionCommentsTest.cpp - Comments kept beside printed code ----===//
//
// The printer copies a suppression comment before each statement whose
// lines it covers: its own line and the next.  Which statements those are
// is found from the comments' positions, not by searching each statement's
// text for line starts; this holds the two ways of finding them equal.

#include "Print/SuppressionComments.h"

#include "tcgen05/Basic/FindText.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <random>
#include <string>

using namespace tcgen05;

namespace {

/// Whether a comment on the line starting at C covers S, by line starts.
bool coversByLines(llvm::StringRef Text, size_t C, Span S) {
  size_t Begin = lineStartAt(Text, S.Begin - Text.data());
  size_t From = Begin ? lineStartAt(Text, Begin - 1) : 0;
  size_t To = lineStartAt(Text, S.End - Text.data() - 1);
  return From <= C && C <= To;
}

TEST(SuppressionCommentsTest, StatementsCoveredAreThoseOfTheCommentsLines) {
  std::mt19937 Rng(7);
  for (int Round = 0; Round < 300; ++Round) {
    // Lines of statements, some ending in a comment; some texts on one
    // line, some without a final line break.
    std::string Text;
    std::vector<size_t> CommentLines;
    unsigned Lines = 1 + Rng() % 8;
    for (unsigned L = 0; L < Lines; ++L) {
      size_t Start = Text.size();
      for (unsigned K = Rng() % 4; K > 0; --K)
        Text += "a; ";
      if (Rng() % 3 == 0) {
        Text += "// tcgen05-check: ignore TC400" + std::to_string(L % 10);
        CommentLines.push_back(Start);
      }
      if (L + 1 < Lines || Rng() % 2)
        Text += '\n';
    }
    if (Text.empty())
      continue;
    SuppressionComments Kept(Text);
    for (int Probe = 0; Probe < 20; ++Probe) {
      size_t A = Rng() % Text.size(), B = Rng() % Text.size();
      if (A > B)
        std::swap(A, B);
      Span S(Text.data() + A, Text.data() + B + 1);
      bool Expected = false;
      for (size_t C : CommentLines)
        Expected |= coversByLines(Text, C, S);
      std::string Out;
      llvm::raw_string_ostream OS(Out);
      Kept.printBefore(S, "", OS);
      EXPECT_EQ(!Out.empty(), Expected)
          << "text:\n"
          << Text << "\nspan [" << A << ", " << B + 1 << ")";
    }
  }
}

} // namespace
