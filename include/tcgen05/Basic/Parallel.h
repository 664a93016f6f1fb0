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

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>

namespace llvm {
class ThreadPoolInterface;
} // namespace llvm

namespace tcgen05 {

class SideWork;

/// Runs Body(Worker, Item) once for every Item in [0, Count).  Items are
/// handed out in order to at most Pool's concurrency workers; Worker is in
/// [0, workers) and no two calls with the same Worker overlap, so per-worker
/// scratch state needs no lock.  Returns when every item is done.
/// MakeWorker(Worker) runs once per worker before its first item.  A worker
/// left without items runs the tasks items offer to Side, if given.
void parallelFor(llvm::ThreadPoolInterface *Pool, size_t Count,
                 llvm::function_ref<void(unsigned Worker)> MakeWorker,
                 llvm::function_ref<void(unsigned Worker, size_t Item)> Body,
                 SideWork *Side = nullptr);

/// Part of an item that a worker without items may run instead of the
/// item's own worker: the largest item of a stage is often its last, and
/// the other workers would otherwise wait for it with nothing to do.  A
/// task offered is run once, by whichever worker takes it first: an idle
/// one, or the offering one when it calls finish.  A task must not wait
/// for other work.
class SideWork {
public:
  class Task {
    friend class SideWork;
    llvm::function_ref<void()> Fn;
    enum { Offered, Taken, Done } State = Done;
  };

  /// Offers Fn, which must stay callable until finish(T) returns.
  void offer(Task &T, llvm::function_ref<void()> Fn);
  /// Runs T here if nobody has taken it yet, else waits until it is done.
  void finish(Task &T);

  /// For parallelFor: Workers workers are about to take items.
  void begin(unsigned Workers);
  /// For parallelFor: a worker has no more items.  Runs offered tasks until
  /// every worker is out of items and no task is left.
  void runUntilAllIdle();

private:
  std::mutex Lock;
  std::condition_variable Changed;
  std::deque<Task *> Queue;
  unsigned Busy = 0;
};

/// The number of workers parallelFor uses for Count items on Pool.
unsigned parallelWorkers(const llvm::ThreadPoolInterface *Pool, size_t Count);

/// A pool of Threads threads (0: one per core), or null when one thread is
/// asked for: the work then runs on the caller's thread.
std::unique_ptr<llvm::ThreadPoolInterface> makeThreadPool(unsigned Threads);

} // namespace tcgen05

#endif
