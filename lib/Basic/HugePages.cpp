//===- HugePages.cpp - Advise large arrays onto huge pages ----------------===//

#include "tcgen05/Basic/HugePages.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

void tcgen05::adviseHugePages(const void *P, size_t Bytes) {
#ifdef MADV_HUGEPAGE
  auto Begin = reinterpret_cast<uintptr_t>(P);
  uintptr_t First = (Begin + HugePageSize - 1) & ~(HugePageSize - 1);
  uintptr_t Last = (Begin + Bytes) & ~(HugePageSize - 1);
  if (First < Last)
    ::madvise(reinterpret_cast<void *>(First), Last - First, MADV_HUGEPAGE);
#else
  (void)P;
  (void)Bytes;
#endif
}

/// Arrays from this size up are aligned to huge pages.
constexpr size_t AlignedArraySize = tcgen05::HugePageSize;

static size_t roundToHugePages(size_t Bytes) {
  using tcgen05::HugePageSize;
  return (Bytes + HugePageSize - 1) / HugePageSize * HugePageSize;
}

void *tcgen05::allocateArray(size_t Bytes) {
  if (Bytes < AlignedArraySize)
    return std::malloc(Bytes ? Bytes : 1);
  if (Bytes > size_t(-1) - 2 * HugePageSize)
    return nullptr;
  size_t Rounded = roundToHugePages(Bytes);
#if __has_include(<sys/mman.h>)
  // A mapping of its own, not the heap's: a pool is reserved from an
  // estimate and mostly left untouched, and inside the heap its room, once
  // freed, was reused and written by later allocations (emitting a large
  // function took much more memory; docs/performance.md).  Pages never
  // touched cost nothing here.
  size_t Span = Rounded + HugePageSize;
  void *M = ::mmap(nullptr, Span, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (M == MAP_FAILED)
    return nullptr;
  auto Begin = reinterpret_cast<uintptr_t>(M);
  uintptr_t Aligned = (Begin + HugePageSize - 1) & ~(HugePageSize - 1);
  if (Aligned > Begin)
    ::munmap(M, Aligned - Begin);
  if (uintptr_t Tail = Begin + Span - (Aligned + Rounded))
    ::munmap(reinterpret_cast<void *>(Aligned + Rounded), Tail);
  return reinterpret_cast<void *>(Aligned);
#else
  return std::aligned_alloc(HugePageSize, Rounded);
#endif
}

void *tcgen05::allocateZeroedArray(size_t Bytes) {
  if (Bytes < AlignedArraySize)
    return std::calloc(Bytes ? Bytes : 1, 1);
  void *P = allocateArray(Bytes);
#if !__has_include(<sys/mman.h>)
  if (P)
    std::memset(P, 0, Bytes);
#endif
  return P;
}

void tcgen05::releaseArray(void *P, size_t Bytes) {
  if (!P)
    return;
#if __has_include(<sys/mman.h>)
  if (Bytes >= AlignedArraySize) {
    ::munmap(P, roundToHugePages(Bytes));
    return;
  }
#endif
  std::free(P);
}
