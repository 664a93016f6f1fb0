//===- SuppressionsTest.cpp - Findings silenced in the source -------------===//

#include "tcgen05/Frontend/Suppressions.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <string>

using namespace tcgen05;

namespace {

TEST(SuppressionsTest, CodesCoverTheirLineAndTheNext) {
  Suppressions S("a\n// tcgen05-check: ignore TC4001, tc4002\nb\nc\n");
  EXPECT_TRUE(S.covers(2, 4001));
  EXPECT_TRUE(S.covers(3, 4002));
  EXPECT_FALSE(S.covers(3, 4003));
  EXPECT_FALSE(S.covers(4, 4001));
  EXPECT_FALSE(S.covers(1, 4001));
}

TEST(SuppressionsTest, NoCodeCoversEveryCode) {
  Suppressions S("x; // tcgen05-check: ignore\n");
  EXPECT_TRUE(S.covers(1, 1101));
  EXPECT_TRUE(S.covers(2, 6002));
}

TEST(SuppressionsTest, ProseAfterTheCodesIsNotACode) {
  Suppressions S("// tcgen05-check: ignore TC4001 until 2 weeks from now\n");
  EXPECT_TRUE(S.covers(1, 4001));
  EXPECT_FALSE(S.covers(1, 2));
}

// A misspelt code names no finding: it silences nothing, where no code
// at all would silence everything.
TEST(SuppressionsTest, AMisspeltCodeSilencesNothing) {
  Suppressions S("x; // tcgen05-check: ignore TC40O1\n"
                 "y; // tcgen05-check: ignore TCnnnn, TC4002\n");
  EXPECT_FALSE(S.empty());
  EXPECT_FALSE(S.covers(1, 4001));
  EXPECT_FALSE(S.covers(1, 6002));
  EXPECT_TRUE(S.covers(2, 4002));
  EXPECT_FALSE(S.covers(2, 4001));
}

// Codes of the catalogue's input, usage and syntax ranges are not findings
// a comment or a baseline accepts; every warning about the text is one, or
// it could be neither silenced at its line nor adopted into a baseline
// (warnings about the command line, TC01xx, have no line).  Checked
// over the whole catalogue, so that a code added in the wrong range, or a
// range boundary moved, fails here.
TEST(SuppressionsTest, ProseThatStartsWithTcIsNotACode) {
  // No code: every code, as a bare `ignore`.
  Suppressions Bare(
      "x; // tcgen05-check: ignore tcgen05 descriptor from TMA\n");
  EXPECT_TRUE(Bare.covers(1, 4001));
  EXPECT_TRUE(Bare.covers(1, 6002));
  // A code, then prose.
  Suppressions Coded(
      "x; // tcgen05-check: ignore TC6004 tcgen05 race is benign\n");
  EXPECT_TRUE(Coded.covers(1, 6004));
  EXPECT_FALSE(Coded.covers(1, 4001));
  // Misspelt codes, however written, still silence nothing.
  for (const char *Word : {"TCO004", "tc60o4", "TC6004."}) {
    std::string Text =
        "x; // tcgen05-check: ignore " + std::string(Word) + "\n";
    Suppressions S(Text);
    EXPECT_FALSE(S.covers(1, 6004)) << Word;
    EXPECT_FALSE(S.covers(1, 4001)) << Word;
  }
}

TEST(SuppressionsTest, EveryWarningAndNoSyntaxErrorIsAcceptable) {
  unsigned Syntax = 0, Findings = 0;
  for (DiagID ID : allCodedDiags()) {
    const DiagInfo &Info = getDiagInfo(ID);
    if (Info.DefaultSeverity == Severity::Warning && Info.Code >= 1000) {
      EXPECT_TRUE(isAcceptable(Info.Code)) << Info.Name.str();
    }
    bool SyntaxRange = Info.Code / 1000 <= 1; // TC0xxx and TC1xxx.
    EXPECT_EQ(isAcceptable(Info.Code), !SyntaxRange) << Info.Name.str();
    ++(SyntaxRange ? Syntax : Findings);
  }
  EXPECT_GT(Syntax, 0u);
  EXPECT_GT(Findings, 0u);
  EXPECT_FALSE(isAcceptable(1101)); // expected ';'
}

TEST(SuppressionsTest, OnlyInAComment) {
  EXPECT_TRUE(Suppressions("mov.b32 %r1, 0; tcgen05-check: ignore\n").empty());
  EXPECT_TRUE(Suppressions("// tcgen05-check: ignored TC4001\n").empty());
  EXPECT_TRUE(Suppressions("// tcgen05-check: please TC4001\n").empty());
}

// The markers near findings, found without reading the rest of the file:
// on a finding's line, on the line before it, and not two lines above.
// Findings are searched near moving forward through the text; one that
// comes before the last still finds its comment, and many findings on one
// line find its comment once.
TEST(SuppressionsTest, FindingsInAnyOrderAndManyOnALine) {
  std::string Text = "p; // tcgen05-check: ignore TC4001\n" // line 1
                     "q;\n"                                 // 2: silenced
                     "r;\n";                                // 3: reported
  size_t LongLine = Text.size();
  for (int I = 0; I < 200; ++I)
    Text += "s; ";
  Text += "// tcgen05-check: ignore TC4001\n"; // line 4, all silenced
  Text += "t;\n";                              // 5: silenced
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(Text, "t.ptx"), llvm::SMLoc());
  auto At = [&](size_t Pos) {
    const char *P = Text.data() + Pos;
    return Diagnostic::make(DiagID::err_idesc_m,
                            llvm::SMRange(llvm::SMLoc::getFromPointer(P),
                                          llvm::SMLoc::getFromPointer(P + 1)),
                            {"0", 48, "tcgen05.mma", 1, "64, 128"});
  };
  std::vector<Diagnostic> Diags;
  for (int I = 0; I < 200; ++I)
    Diags.push_back(At(LongLine + 3 * I));
  // Out of order: after the long line, lines 5, 2 and 3.
  Diags.push_back(At(Text.find("t;")));
  Diags.push_back(At(Text.find("q;")));
  Diags.push_back(At(Text.find("r;")));
  Suppressions S = Suppressions::near(SM, ID, Diags);
  S.apply(SM, ID, Diags);
  ASSERT_EQ(Diags.size(), 1u);
  EXPECT_EQ(SM.FindLineNumber(Diags[0].Range.Start, ID), 3u);
}

TEST(SuppressionsTest, NearFindingsOnly) {
  llvm::StringRef Text = "a\n"
                         "// tcgen05-check: ignore TC4001\n" // line 2
                         "x\n"                               // 3: silenced
                         "y; // tcgen05-check: ignore\n"     // 4: silenced
                         "// tcgen05-check: ignore TC4001\n" // 5
                         "\n"
                         "z\n"; // 7: reported
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(Text, "t.ptx"), llvm::SMLoc());
  auto At = [&](llvm::StringRef Where) {
    const char *P = Text.data() + Text.find(Where);
    return Diagnostic::make(DiagID::err_idesc_m,
                            llvm::SMRange(llvm::SMLoc::getFromPointer(P),
                                          llvm::SMLoc::getFromPointer(P + 1)),
                            {"0", 48, "tcgen05.mma", 1, "64, 128"});
  };
  std::vector<Diagnostic> Diags{At("x\n"), At("y;"), At("z\n")};
  Suppressions S = Suppressions::near(SM, ID, Diags);
  EXPECT_TRUE(S.covers(3, 4001));
  EXPECT_TRUE(S.covers(4, 4001));
  EXPECT_FALSE(S.covers(7, 4001));
  S.apply(SM, ID, Diags);
  ASSERT_EQ(Diags.size(), 1u);
  EXPECT_EQ(SM.FindLineNumber(Diags[0].Range.Start, ID), 7u);
}

TEST(SuppressionsTest, ACommentThatSilencesNothingIsReported) {
  std::string Text = "// tcgen05-check: ignore TC4001\nx;\n"
                     "// tcgen05-check: ignore TC4002\ny;\n"
                     "z; // tcgen05-check: ignore TC6004\n";
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(Text, "t.ptx"), llvm::SMLoc());
  const char *P = Text.data() + Text.find("x;");
  std::vector<Diagnostic> Diags{
      Diagnostic::make(DiagID::err_idesc_m,
                       llvm::SMRange(llvm::SMLoc::getFromPointer(P),
                                     llvm::SMLoc::getFromPointer(P + 1)),
                       {"0", 48, "tcgen05.mma", 1, "64, 128"})};
  Suppressions S(Text);
  EXPECT_EQ(S.apply(SM, ID, Diags), 1u);
  EXPECT_TRUE(Diags.empty());
  // TC6004's comment is left to the judge, which says an option hid it.
  S.reportUnused(
      SM, ID,
      [](llvm::ArrayRef<unsigned> Codes) {
        return Codes.size() != 1 || Codes[0] != 6004;
      },
      Diags);
  ASSERT_EQ(Diags.size(), 1u);
  EXPECT_EQ(Diags[0].ID, DiagID::warn_unused_suppression);
  EXPECT_EQ(SM.FindLineNumber(Diags[0].Range.Start, ID), 3u);
  ASSERT_EQ(Diags[0].Notes.size(), 1u);
  EXPECT_EQ(Diags[0].Notes[0].Message, "it names TC4002");
}

TEST(SuppressionsTest, TheSummarySaysWhatWasHidden) {
  EXPECT_EQ(diagnosticSummary(2, 0), "2 errors generated.");
  EXPECT_EQ(
      diagnosticSummary(1, 1, 3, 0),
      "1 error and 1 warning generated; 3 findings hidden by ignore comments.");
  EXPECT_EQ(diagnosticSummary(0, 0, 0, 1), "1 finding hidden by the baseline.");
  EXPECT_EQ(
      diagnosticSummary(0, 2, 1, 4),
      "2 warnings generated; 1 finding hidden by ignore comments and 4 by "
      "the baseline.");
  EXPECT_EQ(diagnosticSummary(0, 0), "");
}

} // namespace
