//===- Parallel.h - One way to spread work over threads ---------*- C++ -*-===//
//
// Every parallel stage (checking bodies, printing bodies) runs through
// parallelFor on a pool the caller owns, so a tool that checks and prints
// uses one set of threads.  Without a pool the work runs on the calling
// thread.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_PARALLEL_H
#define TCGEN05_BASIC_PARALLEL_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>

namespace llvm {
class ThreadPoolInterface;
class ThreadPoolTaskGroup;
} // namespace llvm

namespace tcgen05 {

class SideWork;

/// Runs Body(Worker, Item) once for every Item in [0, Count).  Items are
/// handed out in order to at most Pool's concurrency workers; Worker is in
/// [0, workers) and no two calls with the same Worker overlap, so per-worker
/// scratch state needs no lock.  Returns when every item is done.
/// MakeWorker(Worker) runs once per worker before its first item.  Tasks
/// items offer to Side, if given, are run by a worker left without items,
/// until the others are done; those offered to go first, before a worker's
/// next item.
void parallelFor(llvm::ThreadPoolInterface *Pool, size_t Count,
                 llvm::function_ref<void(unsigned Worker)> MakeWorker,
                 llvm::function_ref<void(unsigned Worker, size_t Item)> Body,
                 SideWork *Side = nullptr);

/// Part of an item that another worker may run instead of the item's own:
/// the largest item of a stage is often the one the others wait for at its
/// end.  A task offered is run once, by whichever worker takes it first:
/// another worker once it has no items (or, for a task offered to go
/// first, before its next item), or the offering one when it calls finish.
/// A task must not wait for other work.
class SideWork {
public:
  class Task {
    friend class SideWork;
    llvm::function_ref<void()> Fn;
    enum { Offered, Taken, Done } State = Done;
    bool First = false;
  };

  /// Offers Fn, which must stay callable until finish(T) returns.  First:
  /// another worker runs it before its next item.  Meant for an item so
  /// large that the others would otherwise end the stage waiting for it;
  /// for items of similar sizes, a task taken before the offering worker
  /// is done with the rest of its item only makes it wait.
  void offer(Task &T, llvm::function_ref<void()> Fn, bool First = false);
  /// Runs T here if nobody has taken it yet, else waits until it is done.
  void finish(Task &T);

  /// Runs one task offered to go first, if there is one; whether it did.
  /// A worker calls it before each item.
  bool runFirst();
  /// For parallelFor: Workers workers are about to take items.
  void begin(unsigned Workers);
  /// For parallelFor: a worker has no more items.  Runs offered tasks until
  /// every worker is out of items and no task is left.
  void runUntilAllIdle();

private:
  /// Runs T, taken off the queue, with Guard (on Lock) released meanwhile.
  void run(Task &T, std::unique_lock<std::mutex> &Guard);

  std::mutex Lock;
  std::condition_variable Changed;
  std::deque<Task *> Queue;
  unsigned Busy = 0;
};

/// A latch: closed until open() is called once, then open for good.  A
/// worker that may start an item before everything the item needs exists
/// (a body parsed while the module pass goes on) waits on one.
class Latch {
public:
  void open();
  void wait() const;

private:
  mutable std::mutex Lock;
  mutable std::condition_variable Opened;
  bool IsOpen = false;
};

namespace detail {
/// The threads of an ItemStream: workers 1 and up on the pool, from
/// start(), and worker 0 on the calling thread, in join().
class StreamWorkers {
public:
  explicit StreamWorkers(llvm::ThreadPoolInterface *Pool);
  ~StreamWorkers();
  /// The number of workers start() may use.
  unsigned maxWorkers() const;
  /// Runs Run(W) for W in [1, Workers) on the pool.
  void start(unsigned Workers, std::function<void(unsigned Worker)> Run);
  /// Runs Run(0) here and waits for the others.
  void join();

private:
  llvm::ThreadPoolInterface *Pool;
  std::unique_ptr<llvm::ThreadPoolTaskGroup> Group;
  std::function<void(unsigned)> Run;
};
} // namespace detail

/// parallelFor for items found over time: the workers start on the first
/// items while the caller still looks for the rest (the module pass hands
/// out a large body when it meets one), and the caller joins them as worker
/// 0 once it has pushed the last.  Items run in the order pushed, those
/// pushed to the front first.
template <typename ItemT> class ItemStream {
public:
  /// MakeWorker and Body are kept: they may be lambdas made for the call.
  ItemStream(llvm::ThreadPoolInterface *Pool,
             std::function<void(unsigned Worker)> MakeWorker,
             std::function<void(unsigned Worker, ItemT Item)> Body,
             SideWork *Side = nullptr)
      : Threads(Pool), MakeWorker(std::move(MakeWorker)), Body(std::move(Body)),
        Side(Side) {}
  ItemStream(const ItemStream &) = delete;
  ItemStream &operator=(const ItemStream &) = delete;
  ~ItemStream() { finish(); }

  /// The most workers start() can use.
  unsigned maxWorkers() const { return Threads.maxWorkers(); }
  /// Starts Workers workers, at most maxWorkers(): all but worker 0 now.
  /// Only the first call counts; finish() starts one if none was.
  void start(unsigned Workers) {
    if (Started)
      return;
    Started = true;
    Workers = std::max(1u, std::min(Workers, maxWorkers()));
    if (Side)
      Side->begin(Workers);
    Threads.start(Workers, [this](unsigned W) { run(W); });
  }
  bool started() const { return Started; }
  /// Front: before the items pushed so far, not after them.
  void push(ItemT Item, bool Front = false) {
    std::lock_guard<std::mutex> Guard(Lock);
    if (Front)
      Items.push_front(std::move(Item));
    else
      Items.push_back(std::move(Item));
    Changed.notify_one();
  }
  /// No more items: the caller works as worker 0 until every item is done.
  void finish() {
    if (Finished)
      return;
    start(1);
    {
      std::lock_guard<std::mutex> Guard(Lock);
      Closed = true;
      Changed.notify_all();
    }
    Threads.join();
    Finished = true;
  }

private:
  void run(unsigned Worker) {
    MakeWorker(Worker);
    for (;;) {
      if (Side && Side->runFirst())
        continue;
      ItemT Item;
      if (!pop(Item))
        break;
      Body(Worker, std::move(Item));
    }
    if (Side)
      Side->runUntilAllIdle();
  }
  bool pop(ItemT &Out) {
    std::unique_lock<std::mutex> Guard(Lock);
    Changed.wait(Guard, [&] { return !Items.empty() || Closed; });
    if (Items.empty())
      return false;
    Out = std::move(Items.front());
    Items.pop_front();
    return true;
  }

  detail::StreamWorkers Threads;
  std::function<void(unsigned)> MakeWorker;
  std::function<void(unsigned, ItemT)> Body;
  SideWork *Side;
  std::mutex Lock;
  std::condition_variable Changed;
  std::deque<ItemT> Items;
  bool Closed = false;
  bool Started = false;
  bool Finished = false;
};

/// The number of workers parallelFor uses for Count items on Pool.
unsigned parallelWorkers(const llvm::ThreadPoolInterface *Pool, size_t Count);

/// A pool of Threads threads (0: one per core), or null when one thread is
/// asked for: the work then runs on the caller's thread.
std::unique_ptr<llvm::ThreadPoolInterface> makeThreadPool(unsigned Threads);

} // namespace tcgen05

#endif
