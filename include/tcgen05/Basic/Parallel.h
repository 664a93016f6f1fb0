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

#include <cstddef>
#include <memory>

namespace llvm {
class ThreadPoolInterface;
} // namespace llvm

namespace tcgen05 {

/// Runs Body(Worker, Item) once for every Item in [0, Count).  Items are
/// handed out in order to at most Pool's concurrency workers; Worker is in
/// [0, workers) and no two calls with the same Worker overlap, so per-worker
/// scratch state needs no lock.  Returns when every item is done.
/// MakeWorker(Worker) runs once per worker before its first item.
void parallelFor(llvm::ThreadPoolInterface *Pool, size_t Count,
                 llvm::function_ref<void(unsigned Worker)> MakeWorker,
                 llvm::function_ref<void(unsigned Worker, size_t Item)> Body);

/// The number of workers parallelFor uses for Count items on Pool.
unsigned parallelWorkers(const llvm::ThreadPoolInterface *Pool, size_t Count);

/// A pool of Threads threads (0: one per core), or null when one thread is
/// asked for: the work then runs on the caller's thread.
std::unique_ptr<llvm::ThreadPoolInterface> makeThreadPool(unsigned Threads);

} // namespace tcgen05

#endif
