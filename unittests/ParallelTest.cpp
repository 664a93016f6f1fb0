//===- ParallelTest.cpp - One pool for every parallel stage ---------------===//
//
// Run under ThreadSanitizer by `check-threads` (-DTCGEN05_TSAN=ON): these
// tests put several generated-parser runs on different threads at once.

#include "tcgen05/Analysis/AnalysisStats.h"
#include "tcgen05/Basic/Parallel.h"
#include "tcgen05/Frontend/Check.h"
#include "tcgen05/Frontend/DiagnosticPrinters.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Print/Printer.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <string>
#include <vector>

using namespace tcgen05;

namespace {

TEST(ParallelTest, EveryItemRunsOnceAndWorkersDoNotOverlap) {
  std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(4);
  const size_t Count = 1000;
  std::vector<std::atomic<int>> Seen(Count);
  unsigned Workers = parallelWorkers(Pool.get(), Count);
  EXPECT_EQ(Workers, 4u);
  std::vector<std::atomic<int>> Busy(Workers);
  std::vector<int> Made(Workers, 0);
  std::atomic<bool> Overlap{false};
  parallelFor(
      Pool.get(), Count, [&](unsigned W) { ++Made[W]; },
      [&](unsigned W, size_t I) {
        if (Busy[W].fetch_add(1) != 0)
          Overlap = true;
        Seen[I].fetch_add(1);
        Busy[W].fetch_sub(1);
      });
  for (size_t I = 0; I < Count; ++I)
    EXPECT_EQ(Seen[I].load(), 1) << I;
  for (int M : Made)
    EXPECT_EQ(M, 1);
  EXPECT_FALSE(Overlap);
}

TEST(ParallelTest, WithoutAPoolTheCallerRunsEverything) {
  EXPECT_EQ(makeThreadPool(1), nullptr);
  std::vector<unsigned> Workers;
  parallelFor(
      nullptr, 5, [](unsigned) {},
      [&](unsigned W, size_t) { Workers.push_back(W); });
  EXPECT_EQ(Workers, std::vector<unsigned>(5, 0));
}

TEST(ParallelTest, AWorkerWithoutItemsRunsOfferedTasks) {
  std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(2);
  SideWork Side;
  std::atomic<bool> Started{false};
  std::thread::id Owner, Runner;
  int Runs = 0;
  parallelFor(
      Pool.get(), 2, [](unsigned) {},
      [&](unsigned, size_t Item) {
        if (Item == 0)
          return; // The other worker: soon out of items.
        Owner = std::this_thread::get_id();
        SideWork::Task T;
        auto Fn = [&] {
          Runner = std::this_thread::get_id();
          ++Runs;
          Started = true;
        };
        Side.offer(T, Fn);
        // Leave the task to the idle worker, within reason.
        for (int Wait = 0; Wait < 10000 && !Started; ++Wait)
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        Side.finish(T);
      },
      &Side);
  EXPECT_EQ(Runs, 1);
  EXPECT_NE(Runner, Owner);
}

TEST(ParallelTest, OfferedTasksNobodyTakesRunWhereTheyAreFinished) {
  SideWork Side;
  std::vector<std::thread::id> Ran;
  parallelFor(
      nullptr, 3, [](unsigned) {},
      [&](unsigned, size_t) {
        SideWork::Task A, B;
        auto Fn = [&] { Ran.push_back(std::this_thread::get_id()); };
        Side.offer(A, Fn);
        Side.offer(B, Fn);
        Side.finish(B);
        Side.finish(A);
      },
      &Side);
  EXPECT_EQ(Ran, std::vector<std::thread::id>(6, std::this_thread::get_id()));
}

/// Waits up to ten seconds for Flag; whether it was set.
bool waitFor(const std::atomic<bool> &Flag) {
  for (int Wait = 0; Wait < 10000 && !Flag; ++Wait)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return Flag;
}

TEST(ParallelTest, StreamedItemsRunWhileTheCallerStillPushes) {
  std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(2);
  std::atomic<bool> FirstRan{false};
  std::vector<int> Ran;
  std::mutex RanLock;
  ItemStream<int> Stream(
      Pool.get(), [](unsigned) {},
      [&](unsigned, int Item) {
        std::lock_guard<std::mutex> Guard(RanLock);
        Ran.push_back(Item);
        FirstRan = true;
      });
  Stream.start(2);
  Stream.push(1);
  // The item runs on the pool's worker before the caller pushes the next
  // or joins: a stream that ran items only in finish() would wait here.
  EXPECT_TRUE(waitFor(FirstRan));
  Stream.push(2);
  Stream.push(3);
  Stream.finish();
  std::sort(Ran.begin(), Ran.end());
  EXPECT_EQ(Ran, (std::vector<int>{1, 2, 3}));
}

TEST(ParallelTest, WithoutAPoolTheStreamRunsItemsInOrderWhenFinished) {
  std::vector<int> Ran;
  std::vector<unsigned> Workers;
  ItemStream<int> Stream(
      nullptr, [&](unsigned W) { Workers.push_back(W); },
      [&](unsigned, int Item) { Ran.push_back(Item); });
  Stream.start(4);
  for (int I = 0; I < 5; ++I)
    Stream.push(I);
  EXPECT_TRUE(Ran.empty());
  Stream.finish();
  EXPECT_EQ(Ran, (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(Workers, std::vector<unsigned>{0});
}

TEST(ParallelTest, ItemsPushedToTheFrontRunBeforeTheOthers) {
  std::vector<int> Ran;
  ItemStream<int> Stream(
      nullptr, [](unsigned) {},
      [&](unsigned, int Item) { Ran.push_back(Item); });
  Stream.push(1);
  Stream.push(2, /*Front=*/true);
  Stream.push(3);
  Stream.push(4, /*Front=*/true);
  Stream.finish();
  EXPECT_EQ(Ran, (std::vector<int>{4, 2, 1, 3}));
}

/// Item 0 offers a task and waits for another worker to start it; item 1,
/// on that other worker, ends once the task is offered; item 2 is still
/// queued then.  The order in which the task and item 2 ran.
std::vector<std::string> offerBesideAQueuedItem(bool First) {
  std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(2);
  SideWork Side;
  std::atomic<bool> Offered{false}, TaskStarted{false};
  std::mutex Lock;
  std::vector<std::string> Events;
  auto Record = [&](std::string E) {
    std::lock_guard<std::mutex> Guard(Lock);
    Events.push_back(std::move(E));
  };
  ItemStream<int> Stream(
      Pool.get(), [](unsigned) {},
      [&](unsigned, int Item) {
        if (Item == 0) {
          SideWork::Task T;
          auto Fn = [&] {
            TaskStarted = true;
            Record("task");
          };
          Side.offer(T, Fn, First);
          Offered = true;
          EXPECT_TRUE(waitFor(TaskStarted));
          Side.finish(T);
        } else if (Item == 1) {
          EXPECT_TRUE(waitFor(Offered));
        } else {
          Record("item 2");
        }
      },
      &Side);
  for (int I = 0; I < 3; ++I)
    Stream.push(I);
  Stream.start(2);
  Stream.finish();
  return Events;
}

TEST(ParallelTest, ATaskOfferedFirstGoesBeforeTheNextItem) {
  EXPECT_EQ(offerBesideAQueuedItem(/*First=*/true),
            (std::vector<std::string>{"task", "item 2"}));
}

TEST(ParallelTest, OtherTasksWaitUntilTheItemsAreDone) {
  EXPECT_EQ(offerBesideAQueuedItem(/*First=*/false),
            (std::vector<std::string>{"item 2", "task"}));
}

/// A module whose functions hold tcgen05 statements of many shapes, so that
/// every worker runs the generated parser, some with syntax errors.
/// Without Header, the functions only, named Prefix0, Prefix1, ...
std::string manyShapes(unsigned Functions, bool Header = true,
                       const std::string &Prefix = "k") {
  std::string S =
      Header ? ".version 8.8\n.target sm_100a\n.address_size 64\n" : "";
  const char *Shapes[] = {
      "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 32;",
      "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 32;",
      "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r2}, [%r1];",
      "tcgen05.st.sync.aligned.32x32b.x1.b32 [%r1], {%r2};",
      "tcgen05.wait::ld.sync.aligned;",
      "tcgen05.fence::before_thread_sync;",
      "tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [%rd1];",
      "tcgen05.mma.cta_group::1.kind::tf32 [%r1], %rd1, %rd2, %r3, %p1;",
      "tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;",
      "tcgen05.shift.cta_group::1.down [%r1];",
      "tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r3 %p1;",
      "tcgen05.ld.sync.aligned.16x64b.x2.b32 {%r2, %r3}, [%r1+4];",
  };
  for (unsigned F = 0; F < Functions; ++F) {
    S += ".visible .entry " + Prefix + std::to_string(F) +
         "()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .pred %p<2>;\n";
    for (unsigned K = 0; K < 4; ++K)
      S += std::string(Shapes[(F * 5 + K * 7) % std::size(Shapes)]) + "\n";
    S += "ret;\n}\n";
  }
  return S;
}

std::vector<std::string> checkWith(const std::string &Text, unsigned Threads,
                                   size_t EarlyItemBytes = 0,
                                   size_t BodyPiece = 0,
                                   AnalysisStats *Stats = nullptr) {
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "many.ptx"), llvm::SMLoc());
  CollectingDiagnosticConsumer C;
  DiagnosticOptions DO;
  DO.ErrorLimit = 0;
  DiagnosticsEngine Engine(C, DO);
  std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(Threads);
  CheckOptions Opts;
  Opts.Pool = Pool.get();
  Opts.EarlyItemBytes = EarlyItemBytes;
  if (BodyPiece)
    Opts.BodyPieceStatements = BodyPiece;
  checkBuffer(SM, ID, Engine, Opts, Stats);
  std::vector<std::string> Out;
  for (const Diagnostic &D : C.Diags)
    Out.push_back(std::to_string(SM.getLineAndColumn(D.Range.Start).first) +
                  " " + D.Message);
  return Out;
}

TEST(ParallelTest, CheckingOnAPoolMatchesOneThread) {
  std::string Text = manyShapes(64);
  std::vector<std::string> One = checkWith(Text, 1);
  ASSERT_FALSE(One.empty()); // the statement missing a comma
  for (int Run = 0; Run < 3; ++Run)
    EXPECT_EQ(checkWith(Text, 4), One);
}

TEST(ParallelTest, ItemsStartedDuringTheModulePassMatchOneThread) {
  // Every body starts on a worker as the module pass meets it.  Their
  // checks need the module's names, some declared after them (a global
  // used before its declaration, a call to a function defined later), and
  // a long body without tcgen05 is checked in pieces as it is parsed.
  std::string Text = manyShapes(16);
  Text += ".visible .entry early()\n{\n.reg .b32 %r<3>;\n";
  for (int I = 0; I < 100; ++I)
    Text += "add.s32 %r1, %r1, " + std::to_string(I) + ";\n";
  Text += "ld.global.u32 %r2, [late_var];\ncall late_fn;\nret;\n}\n"
          ".global .u32 late_var;\n.func late_fn()\n{\nret;\n}\n";
  Text += manyShapes(16, /*Header=*/false, "after");
  std::vector<std::string> One = checkWith(Text, 1, 0, 16);
  ASSERT_GE(One.size(), 3u); // the syntax error, late_var and late_fn
  for (int Run = 0; Run < 3; ++Run)
    EXPECT_EQ(checkWith(Text, 4, /*EarlyItemBytes=*/1, 16), One);
}

TEST(ParallelTest, ChecksKeptUntilTheModulePassEndsMatchOneThread) {
  // Bodies analysed while the pass still reads a large data table after
  // them keep their bodies and wait for the names the table and later
  // functions declare (two used before their declaration); what they
  // report is what one thread reports.
  std::string Text = manyShapes(8);
  Text += ".visible .entry early()\n{\n.reg .b32 %r<3>;\n"
          "tcgen05.wait::ld.sync.aligned;\n"
          "ld.global.u32 %r2, [late_var];\ncall late_fn;\nret;\n}\n"
          ".global .align 4 .b32 table[1000000] = {0";
  for (int I = 1; I < 1000000; ++I)
    Text += ", " + std::to_string(I % 997);
  Text += "};\n.global .u32 late_var;\n.func late_fn()\n{\nret;\n}\n";
  Text += manyShapes(8, /*Header=*/false, "after");
  AnalysisStats OneStats;
  std::vector<std::string> One = checkWith(Text, 1, 0, 0, &OneStats);
  ASSERT_GE(One.size(), 3u); // the syntax errors, late_var and late_fn
  EXPECT_EQ(OneStats.FunctionsParked, 0u);
  // The table takes the pass far longer than the bodies before it take,
  // unless a loaded machine leaves the workers unscheduled all along: a
  // few tries, each compared, until bodies were kept.
  uint64_t Parked = 0;
  for (int Try = 0; Try < 5 && !Parked; ++Try) {
    AnalysisStats FourStats;
    EXPECT_EQ(checkWith(Text, 4, 0, 0, &FourStats), One);
    Parked = FourStats.FunctionsParked;
  }
  EXPECT_GT(Parked, 0u);
}

TEST(ParallelTest, PrintingOnAPoolMatchesOneThread) {
  std::string Text = manyShapes(64);
  Module M;
  DiagnosticSink Sink;
  parseModule(Text, M, Sink);
  std::string One, Four;
  llvm::raw_string_ostream OneOS(One), FourOS(Four);
  printModule(M, OneOS);
  std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(4);
  printModule(M, FourOS, Pool.get());
  EXPECT_EQ(One, Four);
}

} // namespace
