//===- ReadInputTest.cpp - Reading inputs whole, in halves or streamed ----===//

#include "tcgen05/Frontend/ReadInput.h"

#include "tcgen05/Basic/Parallel.h"
#include "tcgen05/Frontend/Check.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

using namespace tcgen05;

namespace {

/// A temporary file holding Text, removed at the end of the test.
class TempFile {
public:
  explicit TempFile(const std::string &Text) {
    int FD = -1;
    EXPECT_FALSE(
        llvm::sys::fs::createTemporaryFile("read-input", "ptx", FD, Path));
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
  }
  ~TempFile() { llvm::sys::fs::remove(Path); }
  llvm::StringRef path() const { return Path; }
  llvm::sys::fs::file_status status() const {
    llvm::sys::fs::file_status S;
    EXPECT_FALSE(llvm::sys::fs::status(Path, S));
    return S;
  }
  /// Writes Text over the file, a second after its last write: the
  /// system's clock for file times may not have moved since.
  void rewrite(const std::string &Text) {
    auto Later = status().getLastModificationTime() + std::chrono::seconds(1);
    int FD = -1;
    ASSERT_FALSE(llvm::sys::fs::openFileForWrite(Path, FD));
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.flush();
    EXPECT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(FD, Later));
  }

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
    InputRead R =
        readInput(F.path(), DefaultMaxInputSize, "<stdin>", Pool.get());
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

/// A module whose DWARF-like .section, large enough to be given back,
/// comes before a kernel with findings: their line numbers count the
/// section's lines.
std::string moduleWithSection() {
  std::string S = ".version 8.7\n.target sm_100a\n.address_size 64\n"
                  ".section .debug_str\n{\n";
  for (unsigned I = 0; I < 4000; ++I) {
    S += "\t.b8 ";
    for (unsigned K = 0; K < 16; ++K)
      S += std::to_string((I * 7 + K) % 250) + (K < 15 ? "," : "\n");
  }
  S += "}\n.visible .entry k()\n{\n.reg .b64 %rd<2>;\n"
       "tcgen05.alloc.cta_group::3.sync.aligned.shared::cta.b32 [%rd1], 32;\n"
       "ret;\n}\n";
  return S;
}

/// Each diagnostic of checking Path, as "line:column message".
std::vector<std::string> checkFileWith(llvm::StringRef Path,
                                       llvm::ThreadPoolInterface *Pool,
                                       bool GiveBack) {
  llvm::SourceMgr SM;
  CollectingDiagnosticConsumer C;
  DiagnosticOptions DO;
  DO.ErrorLimit = 0;
  DiagnosticsEngine Engine(C, DO);
  CheckOptions Opts;
  Opts.Pool = Pool;
  Opts.GiveBackSections = GiveBack;
  checkFile(Path, SM, Engine, Opts);
  std::vector<std::string> Out;
  for (const Diagnostic &D : C.Diags) {
    auto [Line, Col] = D.Range.Start.isValid()
                           ? SM.getLineAndColumn(D.Range.Start)
                           : std::pair<unsigned, unsigned>();
    Out.push_back(std::to_string(Line) + ":" + std::to_string(Col) + " " +
                  D.Message);
  }
  return Out;
}

/// Text in a file, read, with pages that may be given back.
struct ReadBack {
  explicit ReadBack(const std::string &Text)
      : F(Text), R(readInput(F.path())),
        Buf(R.Buffer ? R.Buffer->getBuffer() : llvm::StringRef()),
        Pages(F.path().str(), Buf, F.status()) {}
  TempFile F;
  InputRead R;
  llvm::StringRef Buf;
  InputPages Pages;
};

TEST(ReadInputTest, PagesGivenBackAreReadAgain) {
  std::string Text = largeText();
  ReadBack In(Text);
  auto &[F, R, Buf, Pages] = In;
  ASSERT_TRUE(R.Buffer);
  EXPECT_FALSE(Pages.any());
  Pages.giveBack(Buf.substr(3 << 20, 1000)); // too small to give back
  EXPECT_FALSE(Pages.any());
  Pages.giveBack(Buf.substr(1001, 1 << 20));
  Pages.giveBack(Buf.substr(2 << 20, (1 << 20) + 77));
  EXPECT_TRUE(Pages.any());
  EXPECT_TRUE(Pages.restore());
  EXPECT_EQ(R.Buffer->getBuffer(), Text);
  EXPECT_FALSE(Pages.any());
}

TEST(ReadInputTest, PagesGivenBackOfAChangedFileAreReported) {
  std::string Text = largeText();
  std::string Edited = Text;
  Edited[(1 << 20) + 5000] ^= 1;
  for (const std::string &Now : {Edited, Text.substr(0, 1 << 20)}) {
    TempFile F(Text);
    InputRead R = readInput(F.path());
    ASSERT_TRUE(R.Buffer);
    llvm::StringRef Buf = R.Buffer->getBuffer();
    InputPages Pages(F.path().str(), Buf, F.status());
    Pages.giveBack(Buf.substr(1 << 20, 1 << 20));
    F.rewrite(Now);
    EXPECT_FALSE(Pages.restore()) << Now.size();
  }
}

TEST(ReadInputTest, DiagnosticsAfterASectionGivenBackShowTheirLines) {
  TempFile F(moduleWithSection());
  std::vector<std::string> Kept = checkFileWith(F.path(), nullptr, false);
  ASSERT_FALSE(Kept.empty());
  EXPECT_EQ(Kept[0].substr(0, 5), "4010:");
  std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(2);
  EXPECT_EQ(checkFileWith(F.path(), nullptr, true), Kept);
  EXPECT_EQ(checkFileWith(F.path(), Pool.get(), true), Kept);
}

/// A pool that runs Hook after each task it runs.
class HookAfterTasks final : public llvm::ThreadPoolInterface {
public:
  explicit HookAfterTasks(std::function<void()> Hook)
      : Inner(llvm::hardware_concurrency(2)), Hook(std::move(Hook)) {}
  void wait() override { Inner.wait(); }
  void wait(llvm::ThreadPoolTaskGroup &Group) override { Inner.wait(Group); }
  unsigned getMaxConcurrency() const override {
    return Inner.getMaxConcurrency();
  }

private:
  void asyncEnqueue(llvm::unique_function<void()> Task,
                    llvm::ThreadPoolTaskGroup *Group) override {
    auto Run = [this, Task = std::move(Task)]() mutable {
      Task();
      Hook();
    };
    if (Group)
      Inner.async(*Group, std::move(Run));
    else
      Inner.async(std::move(Run));
  }
  llvm::StdThreadPool Inner;
  std::function<void()> Hook;
};

TEST(ReadInputTest, AFileChangedWhileItsSectionWasGivenBackIsReported) {
  std::string Text = moduleWithSection();
  std::string Changed = Text;
  size_t Data = Changed.find(".b8 ") + 100000;
  Changed[Data] = Changed[Data] == '\n' ? '\t' : '\n';
  TempFile F(Text);
  HookAfterTasks Pool([&] { F.rewrite(Changed); });
  std::vector<std::string> Diags = checkFileWith(F.path(), &Pool, true);
  ASSERT_FALSE(Diags.empty());
  // The change comes first, and the findings still follow it.
  EXPECT_EQ(Diags[0], "0:0 " + formatDiagMessage(DiagID::err_input_changed,
                                                 {F.path().str()}));
  EXPECT_GT(Diags.size(), 1u);
}

// A file cut short while its section's pages were given back: the pages
// cannot be read again, but the lines and columns of what follows them are
// still those checked (the pages once came back as zeros, and the finding
// at line 4010 was reported at line 929).
TEST(ReadInputTest, AFileCutShortKeepsTheLinesAfterItsSection) {
  std::string Text = moduleWithSection();
  TempFile F(Text);
  std::vector<std::string> Kept = checkFileWith(F.path(), nullptr, false);
  ASSERT_FALSE(Kept.empty());
  HookAfterTasks Pool([&] { F.rewrite(Text.substr(0, 1000)); });
  std::vector<std::string> Diags = checkFileWith(F.path(), &Pool, true);
  ASSERT_EQ(Diags.size(), Kept.size() + 1);
  EXPECT_NE(Diags[0].find("changed while it was checked"), std::string::npos);
  EXPECT_EQ(std::vector<std::string>(Diags.begin() + 1, Diags.end()), Kept);
}

TEST(ReadInputTest, PagesThatCannotBeReadAgainKeepTheirNewlines) {
  std::string Text = largeText();
  ReadBack In(Text);
  auto &[F, R, Buf, Pages] = In;
  ASSERT_TRUE(R.Buffer);
  Pages.giveBack(Buf.substr(1 << 20, 1 << 20));
  F.rewrite(Text.substr(0, 1 << 20));
  EXPECT_FALSE(Pages.restore());
  EXPECT_EQ(Buf.count('\n'), llvm::StringRef(Text).count('\n'));
  EXPECT_EQ(Buf.rfind('\n', (2 << 20) + 100),
            llvm::StringRef(Text).rfind('\n', (2 << 20) + 100));
  EXPECT_EQ(Buf.substr(2 << 20), llvm::StringRef(Text).substr(2 << 20));
}

} // namespace

// Pages given back are read again only as far as a place shown needs: up
// to the end of its line.  A range after it stays given back (zeros, for
// memory given back), until restore() reads every range.
TEST(ReadInputTest, PagesAreReadAgainOnlyUpToThePlaceShown) {
  std::string Text;
  for (int I = 0; Text.size() < (size_t(3) << 20); ++I)
    Text += "line " + std::to_string(I) + "\n";
  TempFile F(Text);
  auto Buf = llvm::WritableMemoryBuffer::getNewUninitMemBuffer(Text.size());
  std::memcpy(Buf->getBufferStart(), Text.data(), Text.size());
  llvm::StringRef B(Buf->getBufferStart(), Text.size());
  InputPages Pages(F.path().str(), B, F.status());
  size_t Third = Text.size() / 3;
  Pages.giveBack(B.substr(Third, Third / 2));
  Pages.giveBack(B.substr(2 * Third, Third / 2));
  ASSERT_TRUE(Pages.any());
  auto Intact = [&](size_t From, size_t Size) {
    return B.substr(From, Size) == llvm::StringRef(Text).substr(From, Size);
  };
  // Given back: the middle of the first range reads as zeros.
  EXPECT_FALSE(Intact(Third + Third / 4, 4096));
  // A place before both ranges needs neither.
  EXPECT_TRUE(Pages.restoreUpTo(B.begin() + 100));
  EXPECT_FALSE(Intact(Third + Third / 4, 4096));
  // A place inside the first needs it, and not the second.
  EXPECT_TRUE(Pages.restoreUpTo(B.begin() + Third + Third / 4));
  EXPECT_TRUE(Intact(0, 2 * Third));
  EXPECT_FALSE(Intact(2 * Third + Third / 4, 4096));
  EXPECT_TRUE(Pages.any());
  // restore() reads the rest.
  EXPECT_TRUE(Pages.restore());
  EXPECT_EQ(B, Text);
  EXPECT_FALSE(Pages.any());
}

namespace {

/// Reads In to its end; the ends it made available, in order.
std::vector<size_t> feedToEnd(StreamedInput &In, const char *Begin) {
  std::vector<size_t> Ends{size_t(In.available() - Begin)};
  while (In.more())
    Ends.push_back(size_t(In.available() - Begin));
  return Ends;
}

TEST(ReadInputTest, AStreamedFileIsThereALineAtATimeUpToItsEnd) {
  std::string Text = "one\ntwo two\n\nthree\nno break at the end";
  TempFile F(Text);
  for (size_t Chunk : {1, 3, 5, 64}) {
    std::unique_ptr<llvm::MemoryBuffer> Buf;
    std::unique_ptr<StreamedInput> In =
        StreamedInput::open(F.path(), Text.size(), Chunk, Buf);
    ASSERT_TRUE(In && Buf);
    const char *B = Buf->getBufferStart();
    std::vector<size_t> Ends = feedToEnd(*In, B);
    EXPECT_TRUE(In->complete());
    EXPECT_EQ(Buf->getBuffer(), Text);
    EXPECT_EQ(Ends.back(), Text.size());
    EXPECT_EQ(B[Text.size()], '\0');
    for (size_t I = 0; I + 1 < Ends.size(); ++I) {
      EXPECT_LT(Ends[I], Ends[I + 1]);
      EXPECT_EQ(B[Ends[I] - 1], '\n') << "chunks of " << Chunk;
    }
  }
}

TEST(ReadInputTest, AStreamedFileNotAsStatSaidFails) {
  std::string Text = "line one\nline two\nline three\n";
  TempFile F(Text);
  // Longer than said: the file grew after stat.
  std::unique_ptr<llvm::MemoryBuffer> Buf;
  std::unique_ptr<StreamedInput> In =
      StreamedInput::open(F.path(), Text.size() - 5, 4, Buf);
  ASSERT_TRUE(In);
  feedToEnd(*In, Buf->getBufferStart());
  EXPECT_FALSE(In->complete());
  // Shorter than said.
  In = StreamedInput::open(F.path(), Text.size() + 5, 4, Buf);
  ASSERT_TRUE(In);
  feedToEnd(*In, Buf->getBufferStart());
  EXPECT_FALSE(In->complete());
  // Shorter than its first chunk: not opened at all.
  EXPECT_FALSE(StreamedInput::open(F.path(), Text.size() + 5, 64, Buf));
}

TEST(ReadInputTest, AStreamedFileWithALateNulFails) {
  std::string Text = "line one\nline two\nline";
  Text += '\0';
  Text += " three\n";
  TempFile F(Text);
  std::unique_ptr<llvm::MemoryBuffer> Buf;
  std::unique_ptr<StreamedInput> In =
      StreamedInput::open(F.path(), Text.size(), 6, Buf);
  ASSERT_TRUE(In);
  std::vector<size_t> Ends = feedToEnd(*In, Buf->getBufferStart());
  EXPECT_FALSE(In->complete());
  EXPECT_LT(Ends.back(), Text.find('\0'));
}

TEST(ReadInputTest, AStreamedFileReadAheadOnAnotherThreadGivesTheSameLines) {
  std::string Text;
  for (int I = 0; I < 3000; ++I)
    Text += "line " + std::to_string(I * 7919 % 1000) + (I % 3 ? " " : "\n");
  TempFile F(Text);
  std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(2);
  ASSERT_TRUE(Pool);
  for (size_t Chunk : {1, 7, 100, 4096}) {
    std::vector<size_t> Alone;
    for (bool Ahead : {false, true}) {
      std::unique_ptr<llvm::MemoryBuffer> Buf;
      std::unique_ptr<StreamedInput> In =
          StreamedInput::open(F.path(), Text.size(), Chunk, Buf);
      ASSERT_TRUE(In && Buf);
      if (Ahead)
        In->readAhead(*Pool);
      std::vector<size_t> Ends = feedToEnd(*In, Buf->getBufferStart());
      EXPECT_TRUE(In->complete());
      EXPECT_EQ(Buf->getBuffer(), Text);
      if (Ahead)
        EXPECT_EQ(Ends, Alone) << "chunks of " << Chunk;
      else
        Alone = Ends;
    }
  }
  // A NUL byte fails the feed before the text that holds it is given out,
  // whichever thread read it; stopped early, the read-ahead leaves the rest
  // to the pass.
  std::string Nul = Text;
  Nul[Text.size() / 2] = '\0';
  TempFile G(Nul);
  for (bool StopAtOnce : {false, true}) {
    std::unique_ptr<llvm::MemoryBuffer> Buf;
    std::unique_ptr<StreamedInput> In =
        StreamedInput::open(G.path(), Nul.size(), 64, Buf);
    ASSERT_TRUE(In);
    In->readAhead(*Pool);
    if (StopAtOnce)
      In->stopReadAhead();
    std::vector<size_t> Ends = feedToEnd(*In, Buf->getBufferStart());
    EXPECT_FALSE(In->complete());
    EXPECT_LE(Ends.back(), Text.size() / 2);
  }
}

TEST(ReadInputTest, AReadAheadThatNeverRanDoesNotHoldTheInputUp) {
  std::string Text = "one\ntwo\nthree\nfour\n";
  TempFile F(Text);
  std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(2);
  ASSERT_TRUE(Pool);
  // Both of the pool's threads are busy until the input is gone.
  std::atomic<bool> Release{false};
  for (int I = 0; I < 2; ++I)
    Pool->async([&] {
      while (!Release.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    });
  {
    std::unique_ptr<llvm::MemoryBuffer> Buf;
    std::unique_ptr<StreamedInput> In =
        StreamedInput::open(F.path(), Text.size(), 4, Buf);
    ASSERT_TRUE(In);
    In->readAhead(*Pool);
    feedToEnd(*In, Buf->getBufferStart());
    EXPECT_TRUE(In->complete());
    EXPECT_EQ(Buf->getBuffer(), Text);
  }
  // The read-ahead task runs now, after the input and its buffer are gone,
  // and must touch neither.
  Release.store(true);
  Pool->wait();
}

/// What checkFile reports on Path, with the lines and columns, with the
/// given options.
std::string reportOf(llvm::StringRef Path, const CheckOptions &Opts) {
  llvm::SourceMgr SM;
  CollectingDiagnosticConsumer C;
  DiagnosticOptions DO;
  DO.ErrorLimit = 0;
  DiagnosticsEngine Engine(C, DO);
  checkFile(Path, SM, Engine, Opts);
  std::string Out;
  for (const Diagnostic &D : C.Diags) {
    Out += D.Message;
    if (D.Range.Start.isValid()) {
      auto [Line, Col] = SM.getLineAndColumn(D.Range.Start);
      Out += " at " + std::to_string(Line) + ":" + std::to_string(Col);
    }
    Out += "\n";
  }
  return Out;
}

TEST(ReadInputTest, ACheckOfAStreamedFileReportsAsOneOfAFileReadWhole) {
  std::string Module = ".version 9.0\n.target sm_100a\n.address_size 64\n"
                       ".visible .entry k()\n{\n  bogus;\n  ret;\n}\n";
  for (bool Nul : {false, true}) {
    std::string Text = Module;
    for (int I = 0; I < 50; ++I)
      Text += ".visible .entry k" + std::to_string(I) +
              "()\n{\n  /* a\n } */ ret;\n  add.s32 %r1, %r2, 1;\n}\n";
    // A NUL far from the start: the streamed check has begun when it
    // meets it, and gives way to a read of the whole file.
    if (Nul)
      Text[Text.size() - 20] = '\0';
    TempFile F(Text);
    CheckOptions Whole, Streamed;
    Whole.StreamFromBytes = 0;
    Streamed.StreamFromBytes = 1;
    Streamed.StreamChunkBytes = 16;
    std::string Expected = reportOf(F.path(), Whole);
    EXPECT_NE(Expected.find(Nul ? "NUL byte" : "bogus"), std::string::npos)
        << Expected;
    for (unsigned Threads : {1, 2}) {
      Streamed.Threads = Threads;
      EXPECT_EQ(reportOf(F.path(), Streamed), Expected);
    }
  }
}

} // namespace
