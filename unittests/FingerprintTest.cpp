//===- FingerprintTest.cpp - Baseline identities of findings --------------===//
//
// A finding's fingerprint hashes its code, file, message and line text,
// with a count among identical ones.  The maker reuses the last hash for
// the next finding of the same line, code and message; these tests hold
// that reuse to what hashing each finding alone gives.

#include "tcgen05/Frontend/Fingerprint.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace tcgen05;

namespace {

std::string hashOf(const std::string &Fingerprint) {
  return Fingerprint.substr(0, Fingerprint.find(':'));
}

TEST(FingerprintTest, ReusedHashesMatchHashingEachFindingAlone) {
  std::string Text = "a b c\n"
                     "a b c\n"
                     "d\n";
  llvm::SourceMgr SM;
  SM.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(Text, "f.ptx"),
                        llvm::SMLoc());
  auto At = [&](size_t Pos, DiagID ID, llvm::StringRef Name) {
    const char *P = Text.data() + Pos;
    return Diagnostic::make(ID,
                            llvm::SMRange(llvm::SMLoc::getFromPointer(P),
                                          llvm::SMLoc::getFromPointer(P + 1)),
                            {Name.str()});
  };
  // Line 1 three times (twice the same finding, then another name and
  // another code), line 2 (the same text as line 1), line 3.
  std::vector<Diagnostic> Diags{
      At(0, DiagID::err_undeclared_symbol, "a"),
      At(2, DiagID::err_undeclared_symbol, "a"),
      At(4, DiagID::err_undeclared_symbol, "c"),
      At(4, DiagID::err_undeclared_register, "c"),
      At(6, DiagID::err_undeclared_symbol, "a"),
      At(12, DiagID::err_undeclared_symbol, "a"),
  };
  FingerprintMaker Together;
  std::vector<std::string> Got;
  for (const Diagnostic &D : Diags)
    Got.push_back(Together.next(&SM, D));
  for (size_t I = 0; I < Diags.size(); ++I) {
    FingerprintMaker Alone;
    EXPECT_EQ(hashOf(Got[I]), hashOf(Alone.next(&SM, Diags[I]))) << I;
  }
  // Identical findings count up; the same finding on a line of the same
  // text is identical too.
  EXPECT_EQ(Got[0], hashOf(Got[0]) + ":0");
  EXPECT_EQ(Got[1], hashOf(Got[0]) + ":1");
  EXPECT_EQ(Got[4], hashOf(Got[0]) + ":2");
  EXPECT_NE(hashOf(Got[2]), hashOf(Got[0]));
  EXPECT_NE(hashOf(Got[3]), hashOf(Got[2]));
  EXPECT_NE(hashOf(Got[5]), hashOf(Got[0]));
}

/// The fingerprint Prints gives the finding at the start of Text, a
/// buffer named Name over Text's own memory.
std::string printAtStart(FingerprintMaker &Prints, const std::string &Text,
                         const char *Name) {
  llvm::SourceMgr SM;
  SM.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(Text, Name),
                        llvm::SMLoc());
  const char *P = Text.data();
  return Prints.next(
      &SM, Diagnostic::make(DiagID::err_undeclared_symbol,
                            llvm::SMRange(llvm::SMLoc::getFromPointer(P),
                                          llvm::SMLoc::getFromPointer(P + 1)),
                            {"a"}));
}

TEST(FingerprintTest, ANewInputInTheSameMemoryIsHashedAgain) {
  // A caller that reads its next input into the first one's memory: the
  // same line at the same address, another file name.
  std::string Text = "a b\n";
  FingerprintMaker Prints, Alone;
  std::string First = printAtStart(Prints, Text, "a.ptx");
  std::string Second = printAtStart(Prints, Text, "b.ptx");
  EXPECT_EQ(Second, printAtStart(Alone, Text, "b.ptx"));
  EXPECT_NE(hashOf(First), hashOf(Second));
}

TEST(FingerprintTest, ANewBatchInTheSameMemoryIsHashedAgain) {
  // The same file read again into the same memory, edited in between: the
  // same name, address and line length, another line.
  std::string Text = "a b\n";
  FingerprintMaker Prints, Alone;
  std::string First = printAtStart(Prints, Text, "a.ptx");
  Text = "a c\n";
  Prints.beginBatch();
  std::string Second = printAtStart(Prints, Text, "a.ptx");
  EXPECT_EQ(hashOf(Second), hashOf(printAtStart(Alone, Text, "a.ptx")));
  EXPECT_NE(hashOf(First), hashOf(Second));
}

} // namespace
