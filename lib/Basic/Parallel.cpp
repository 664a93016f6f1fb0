//===- Parallel.cpp - One way to spread work over threads -----------------===//

#include "tcgen05/Basic/Parallel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>

using namespace tcgen05;

unsigned tcgen05::parallelWorkers(const llvm::ThreadPoolInterface *Pool,
                                  size_t Count) {
  size_t Max = Pool ? std::max(1u, Pool->getMaxConcurrency()) : 1;
  return static_cast<unsigned>(std::min(Max, std::max<size_t>(Count, 1)));
}

void SideWork::offer(Task &T, llvm::function_ref<void()> Fn, bool First) {
  std::lock_guard<std::mutex> Guard(Lock);
  T.Fn = Fn;
  T.State = Task::Offered;
  T.First = First;
  Queue.push_back(&T);
  Changed.notify_all();
}

void SideWork::finish(Task &T) {
  std::unique_lock<std::mutex> Guard(Lock);
  if (T.State == Task::Offered) {
    Queue.erase(std::find(Queue.begin(), Queue.end(), &T));
    run(T, Guard);
    return;
  }
  Changed.wait(Guard, [&] { return T.State == Task::Done; });
}

void SideWork::run(Task &T, std::unique_lock<std::mutex> &Guard) {
  T.State = Task::Taken;
  Guard.unlock();
  T.Fn();
  Guard.lock();
  T.State = Task::Done;
  Changed.notify_all();
}

bool SideWork::runFirst() {
  std::unique_lock<std::mutex> Guard(Lock);
  auto It = llvm::find_if(Queue, [](const Task *T) { return T->First; });
  if (It == Queue.end())
    return false;
  Task *T = *It;
  Queue.erase(It);
  run(*T, Guard);
  return true;
}

void SideWork::begin(unsigned Workers) {
  std::lock_guard<std::mutex> Guard(Lock);
  Busy = Workers;
}

void SideWork::runUntilAllIdle() {
  std::unique_lock<std::mutex> Guard(Lock);
  --Busy;
  Changed.notify_all();
  for (;;) {
    // Only a busy worker offers tasks: with none left, none will come.
    Changed.wait(Guard, [&] { return !Queue.empty() || Busy == 0; });
    if (Queue.empty())
      return;
    Task *T = Queue.front();
    Queue.pop_front();
    run(*T, Guard);
  }
}

void Latch::open() {
  std::lock_guard<std::mutex> Guard(Lock);
  IsOpen = true;
  Opened.notify_all();
}

void Latch::wait() const {
  std::unique_lock<std::mutex> Guard(Lock);
  Opened.wait(Guard, [&] { return IsOpen; });
}

detail::StreamWorkers::StreamWorkers(llvm::ThreadPoolInterface *Pool)
    : Pool(Pool) {}

detail::StreamWorkers::~StreamWorkers() = default;

unsigned detail::StreamWorkers::maxWorkers() const {
  return parallelWorkers(Pool, ~size_t(0));
}

void detail::StreamWorkers::start(unsigned Workers,
                                  std::function<void(unsigned)> Fn) {
  Run = std::move(Fn);
  if (Workers <= 1)
    return;
  // A group waits for its own tasks only, so callers may share the pool.
  Group = std::make_unique<llvm::ThreadPoolTaskGroup>(*Pool);
  for (unsigned W = 1; W < Workers; ++W)
    Group->async([this, W] { Run(W); });
}

void detail::StreamWorkers::join() {
  Run(0);
  if (Group)
    Group->wait();
}

void tcgen05::parallelFor(
    llvm::ThreadPoolInterface *Pool, size_t Count,
    llvm::function_ref<void(unsigned Worker)> MakeWorker,
    llvm::function_ref<void(unsigned Worker, size_t Item)> Body,
    SideWork *Side) {
  ItemStream<size_t> Stream(Pool, MakeWorker, Body, Side);
  // Pushed before any worker waits, the items wake nobody.
  for (size_t I = 0; I < Count; ++I)
    Stream.push(I);
  Stream.start(parallelWorkers(Pool, Count));
  Stream.finish();
}

std::unique_ptr<llvm::ThreadPoolInterface>
tcgen05::makeThreadPool(unsigned Threads) {
  if (Threads == 1)
    return nullptr;
  llvm::ThreadPoolStrategy S = Threads == 0
                                   ? llvm::hardware_concurrency()
                                   : llvm::hardware_concurrency(Threads);
  auto Pool = std::make_unique<llvm::DefaultThreadPool>(S);
  // The pool starts a thread when work first reaches it, and the second
  // worker of the first parallel stage then started late, delaying a large
  // file's check with two threads (docs/performance.md).  The threads
  // start now instead, while the caller reads and scans its input.
  for (unsigned I = 0; I < Pool->getMaxConcurrency(); ++I)
    Pool->async([] {});
  return Pool;
}
