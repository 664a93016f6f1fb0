#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace tcgen05;

namespace {
unsigned addBuffer(llvm::SourceMgr &SM, llvm::StringRef Text) {
  return SM.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(Text, "t"),
                               llvm::SMLoc());
}
llvm::SMLoc at(const llvm::SourceMgr &SM, unsigned ID, size_t Offset) {
  return llvm::SMLoc::getFromPointer(SM.getMemoryBuffer(ID)->getBufferStart() +
                                     Offset);
}
} // namespace

// Whatever order locations come in, the resolver agrees with SourceMgr.
TEST(LocationTest, AgreesWithSourceMgrForwardBackwardAndAcrossBuffers) {
  llvm::SourceMgr SM;
  unsigned A = addBuffer(SM, "ab\ncd\r\nef\rgh\n\nlong line here");
  unsigned B = addBuffer(SM, "x\ny");
  LocationResolver L;
  const std::pair<unsigned, size_t> Order[] = {
      {A, 0},  {A, 1}, {A, 4}, {A, 9},  {A, 11}, {A, 14}, {A, 20}, {A, 3},
      {A, 25}, {B, 2}, {A, 2}, {A, 10}, {B, 0},  {B, 3},  {A, 28}};
  for (auto [ID, Offset] : Order) {
    llvm::SMLoc Loc = at(SM, ID, Offset);
    EXPECT_EQ(L.lineAndColumn(SM, ID, Loc), SM.getLineAndColumn(Loc, ID))
        << "buffer " << ID << " offset " << Offset;
  }
}

TEST(LocationTest, LineBoundsOfManyLocationsOnOneLine) {
  llvm::SourceMgr SM;
  unsigned ID = addBuffer(SM, "first\nsecond line\nthird");
  const char *Buf = SM.getMemoryBuffer(ID)->getBufferStart();
  const char *End = SM.getMemoryBuffer(ID)->getBufferEnd();
  LocationResolver L;
  for (size_t Offset : {6, 8, 12, 17}) {
    EXPECT_EQ(L.lineStart(Buf, Buf + Offset), Buf + 6);
    EXPECT_EQ(L.lineEnd(Buf + Offset, End), Buf + 17);
  }
  EXPECT_EQ(L.lineStart(Buf, Buf + 19), Buf + 18);
  EXPECT_EQ(L.lineEnd(Buf + 19, End), End);
  EXPECT_EQ(L.lineStart(Buf, Buf + 2), Buf);
  EXPECT_EQ(L.lineEnd(Buf + 2, End), Buf + 5);
}

// Lines are counted in blocks of 64 bytes: breaks on both sides of block
// boundaries, in long and short lines, forward and back.
TEST(LocationTest, CountsLinesAcrossBlocks) {
  std::string Text;
  for (int I = 0; I < 300; ++I)
    Text += std::string(static_cast<size_t>(I * 7 % 131), 'x') + "\n";
  llvm::SourceMgr SM;
  unsigned ID = addBuffer(SM, Text);
  LocationResolver L;
  for (size_t Offset :
       {size_t(0), size_t(63), size_t(64), size_t(65), Text.size() / 2,
        size_t(100), Text.size() - 1, size_t(5000), size_t(4999), size_t(1)}) {
    llvm::SMLoc Loc = at(SM, ID, Offset);
    EXPECT_EQ(L.lineAndColumn(SM, ID, Loc), SM.getLineAndColumn(Loc, ID))
        << "offset " << Offset;
  }
}

// Known line starts (LineIndex) change where lines are counted from, not
// what they are: forward, back past MaxBackward, and with '\r' line breaks
// (columns restart after them) between a mark and the place.
TEST(LocationTest, KnownLineStartsGiveTheLinesSourceMgrGives) {
  std::string Text;
  for (int I = 0; I < 40000; ++I)
    Text += std::string(static_cast<size_t>(I * 13 % 97), 'x') +
            (I % 7 == 3 ? "\r" : "") + "\n";
  llvm::SourceMgr SM;
  unsigned ID = addBuffer(SM, Text);
  const char *Buf = SM.getMemoryBuffer(ID)->getBufferStart();
  LineIndex Lines(Buf);
  unsigned Line = 1;
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n' && ++Line % 1000 == 0)
      Lines.add(Buf + I + 1, Line);
  ASSERT_GT(Lines.size(), 10u);
  LocationResolver L(&Lines);
  for (size_t Offset :
       {size_t(5), Text.size() / 3, Text.size() - 2, size_t(17),
        Text.size() / 2, Text.size() / 2 + 100, size_t(0), Text.size() - 1}) {
    llvm::SMLoc Loc = at(SM, ID, Offset);
    EXPECT_EQ(L.lineAndColumn(SM, ID, Loc), SM.getLineAndColumn(Loc, ID))
        << "offset " << Offset;
  }
  // Marks of another buffer are not used.
  LineIndex Other(Buf + 1);
  Other.add(Buf + 10, 1000);
  LocationResolver Stray(&Other);
  llvm::SMLoc Loc = at(SM, ID, 500);
  EXPECT_EQ(Stray.lineAndColumn(SM, ID, Loc), SM.getLineAndColumn(Loc, ID));
}

namespace {
/// Counts the writes that reach it.
class CountingStream : public llvm::raw_ostream {
public:
  CountingStream() { SetUnbuffered(); }
  unsigned Writes = 0;
  std::string Text;

private:
  void write_impl(const char *Ptr, size_t Size) override {
    ++Writes;
    Text.append(Ptr, Size);
  }
  uint64_t current_pos() const override { return Text.size(); }
};
} // namespace

// Standard error is unbuffered: each diagnostic, its notes included, is
// one write, not one per piece of the message.
TEST(TextPrinterTest, WritesEachDiagnosticAtOnce) {
  llvm::SourceMgr SM;
  unsigned ID = addBuffer(SM, ".reg .b32 %r<4>;\nadd.s32 %r4, %r1, 1;\n");
  CountingStream OS;
  auto Printer = createTextDiagnosticPrinter(OS, /*Colors=*/true);
  Diagnostic D =
      Diagnostic::make(DiagID::err_undeclared_register,
                       llvm::SMRange(at(SM, ID, 25), at(SM, ID, 28)), {"%r4"});
  D.note(DiagID::note_declared_here,
         llvm::SMRange(at(SM, ID, 10), at(SM, ID, 15)), {"%r"});
  Printer->handleDiagnostic(&SM, D);
  EXPECT_EQ(OS.Writes, 1u);
  EXPECT_NE(OS.Text.find("t:2:9: "), std::string::npos) << OS.Text;
  EXPECT_NE(OS.Text.find("t:1:11: "), std::string::npos) << OS.Text;
  EXPECT_NE(OS.Text.find("'%r' is declared here"), std::string::npos)
      << OS.Text;
  EXPECT_NE(OS.Text.find("\x1b["), std::string::npos)
      << "no colors:" << OS.Text;
}

// A caller that checks one input, frees it and reads the next into the
// same memory: the printer finds the second one's lines afresh.
TEST(TextPrinterTest, ABufferInAFreedOnesMemoryGetsItsOwnLines) {
  std::string Storage(400, 'x');
  for (size_t I = 1; I < 200; I += 2)
    Storage[I] = '\n';
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  auto Printer = createTextDiagnosticPrinter(OS, /*Colors=*/false);
  DiagnosticsEngine Engine(*Printer, DiagnosticOptions());
  auto Report = [&](size_t Offset) {
    llvm::SourceMgr SM;
    SM.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(Storage, "t", false),
                          llvm::SMLoc());
    const char *P = Storage.data() + Offset;
    std::vector<Diagnostic> Diags{
        Diagnostic::make(DiagID::err_undeclared_symbol,
                         llvm::SMRange(llvm::SMLoc::getFromPointer(P),
                                       llvm::SMLoc::getFromPointer(P + 1)),
                         {"x"})};
    Engine.emitAll(&SM, Diags);
  };
  Report(100); // line 51
  // The same size at the same address: the first 300 bytes on one line.
  std::fill(Storage.begin(), Storage.end(), 'x');
  Storage[300] = '\n';
  Report(350);
  EXPECT_NE(Out.find("t:51:1: "), std::string::npos) << Out;
  EXPECT_NE(Out.find("t:2:50: "), std::string::npos) << Out;
}
