//===- SuppressionsTest.cpp - Findings silenced in the source -------------===//

#include "tcgen05/Frontend/Suppressions.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

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
// a comment or a baseline accepts.
TEST(SuppressionsTest, SyntaxErrorsAreNotAcceptable) {
  EXPECT_FALSE(isAcceptable(4));
  EXPECT_FALSE(isAcceptable(1101));
  EXPECT_FALSE(isAcceptable(FirstSymbolCode - 1));
  EXPECT_TRUE(isAcceptable(FirstSymbolCode));
  EXPECT_TRUE(isAcceptable(6006));
}

TEST(SuppressionsTest, OnlyInAComment) {
  EXPECT_TRUE(Suppressions("mov.b32 %r1, 0; tcgen05-check: ignore\n").empty());
  EXPECT_TRUE(Suppressions("// tcgen05-check: ignored TC4001\n").empty());
  EXPECT_TRUE(Suppressions("// tcgen05-check: please TC4001\n").empty());
}

// The markers near findings, found without reading the rest of the file:
// on a finding's line, on the line before it, and not two lines above.
TEST(SuppressionsTest, NearFindingsOnly) {
  llvm::StringRef Text = "a\n"
                         "// tcgen05-check: ignore TC4001\n" // line 2
                         "x\n"                               // 3: silenced
                         "y; // tcgen05-check: ignore\n"     // 4: silenced
                         "// tcgen05-check: ignore TC4001\n" // 5
                         "\n"
                         "z\n";                              // 7: reported
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

} // namespace
