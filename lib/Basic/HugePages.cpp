//===- HugePages.cpp - Advise large arrays onto huge pages ----------------===//

#include "tcgen05/Basic/HugePages.h"

#include <cstdint>
#include <cstdlib>

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

void tcgen05::adviseArray(const void *P, size_t Capacity) {
  if (Capacity >= AlignedArraySize)
    adviseHugePages(P, roundToHugePages(Capacity));
}

void *tcgen05::allocateArray(size_t Bytes) {
  if (Bytes < AlignedArraySize)
    return std::malloc(Bytes ? Bytes : 1);
  if (Bytes > size_t(-1) - HugePageSize)
    return nullptr;
  return std::aligned_alloc(HugePageSize, roundToHugePages(Bytes));
}
