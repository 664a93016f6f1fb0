#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace tcgen05;

namespace {
unsigned addBuffer(llvm::SourceMgr &SM, llvm::StringRef Text) {
  return SM.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(Text, "t"),
                               llvm::SMLoc());
}
llvm::SMLoc at(const llvm::SourceMgr &SM, unsigned ID, size_t Offset) {
  return llvm::SMLoc::getFromPointer(
      SM.getMemoryBuffer(ID)->getBufferStart() + Offset);
}
} // namespace

// Whatever order locations come in, the resolver agrees with SourceMgr.
TEST(LocationTest, AgreesWithSourceMgrForwardBackwardAndAcrossBuffers) {
  llvm::SourceMgr SM;
  unsigned A = addBuffer(SM, "ab\ncd\r\nef\rgh\n\nlong line here");
  unsigned B = addBuffer(SM, "x\ny");
  LocationResolver L;
  const std::pair<unsigned, size_t> Order[] = {
      {A, 0}, {A, 1}, {A, 4},  {A, 9}, {A, 11}, {A, 14}, {A, 20}, {A, 3},
      {A, 25}, {B, 2}, {A, 2}, {A, 10}, {B, 0}, {B, 3}, {A, 28}};
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
