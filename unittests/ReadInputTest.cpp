//===- ReadInputTest.cpp - Reading inputs whole, in halves or streamed ----===//

#include "tcgen05/Frontend/ReadInput.h"

#include "tcgen05/Basic/Parallel.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace tcgen05;

namespace {

/// A temporary file holding Text, removed at the end of the test.
class TempFile {
public:
  explicit TempFile(const std::string &Text) {
    int FD = -1;
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("read-input", "ptx", FD,
                                                    Path));
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
  }
  ~TempFile() { llvm::sys::fs::remove(Path); }
  llvm::StringRef path() const { return Path; }

private:
  llvm::SmallString<128> Path;
};

/// Five megabytes of varied text: large enough to be read in halves.
std::string largeText() {
  std::string S;
  for (unsigned I = 0; S.size() < (5u << 20); ++I)
    S += "\tadd.s32 %r" + std::to_string(I % 977) + ", %r1, " +
         std::to_string(I) + ";\n";
  return S;
}

TEST(ReadInputTest, HalvesOnAPoolReadTheWholeFile) {
  std::string Text = largeText();
  TempFile F(Text);
  std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(2);
  llvm::ThreadPoolInterface *Pools[] = {Pool.get(), nullptr};
  for (llvm::ThreadPoolInterface *P : Pools) {
    InputRead R = readInput(F.path(), DefaultMaxInputSize, "<stdin>", P);
    ASSERT_TRUE(R.Buffer);
    EXPECT_EQ(R.Buffer->getBuffer(), Text);
    EXPECT_EQ(*R.Buffer->getBufferEnd(), '\0');
    EXPECT_FALSE(R.HasNul);
  }
}

TEST(ReadInputTest, ANulByteInEitherHalfIsReported) {
  for (size_t At : {size_t(10), size_t(4u << 20)}) {
    std::string Text = largeText();
    Text[At] = '\0';
    TempFile F(Text);
    std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(2);
    InputRead R = readInput(F.path(), DefaultMaxInputSize, "<stdin>",
                            Pool.get());
    ASSERT_TRUE(R.Buffer);
    EXPECT_TRUE(R.HasNul) << At;
    EXPECT_EQ(R.Buffer->getBuffer().find('\0'), At);
  }
}

TEST(ReadInputTest, SmallFilesAreReadWhole) {
  std::string Text(1000, 'x');
  TempFile F(Text);
  InputRead R = readInput(F.path());
  ASSERT_TRUE(R.Buffer);
  EXPECT_EQ(R.Buffer->getBuffer(), Text);
  EXPECT_FALSE(R.HasNul);
}

} // namespace
