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

TEST(FingerprintTest, ANewInputInTheSameMemoryIsHashedAgain) {
  // A caller that reads its next input into the first one's memory: the
  // same line at the same address, another file name.
  std::string Text = "a b\n";
  auto Finding = [&] {
    const char *P = Text.data();
    return Diagnostic::make(DiagID::err_undeclared_symbol,
                            llvm::SMRange(llvm::SMLoc::getFromPointer(P),
                                          llvm::SMLoc::getFromPointer(P + 1)),
                            {"a"});
  };
  FingerprintMaker Prints;
  std::string First, Second;
  {
    llvm::SourceMgr SM;
    SM.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(Text, "a.ptx"),
                          llvm::SMLoc());
    First = Prints.next(&SM, Finding());
  }
  llvm::SourceMgr SM;
  SM.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(Text, "b.ptx"),
                        llvm::SMLoc());
  Second = Prints.next(&SM, Finding());
  FingerprintMaker Alone;
  EXPECT_EQ(Second, Alone.next(&SM, Finding()));
  EXPECT_NE(hashOf(First), hashOf(Second));
}

} // namespace
