//===- HugePages.h - Advise large arrays onto huge pages --------*- C++ -*-===//
//
// A body of megabytes fills arrays of tens of megabytes, and each 4 KiB page
// of them is a page fault on first touch: in a large unoptimized kernel
// those faults were a large part of the check (docs/performance.md).
// Arrays about to be filled are advised for transparent huge pages, one
// fault per 2 MiB.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_HUGEPAGES_H
#define TCGEN05_BASIC_HUGEPAGES_H

#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

namespace tcgen05 {

/// The size of a transparent huge page.
constexpr size_t HugePageSize = size_t(2) << 20;

/// Advises the whole huge pages inside [P, P + Bytes) for transparent huge
/// pages.  Only for memory about to be filled: a huge page touched once is
/// resident whole.  Does nothing where the system has no such advice.
void adviseHugePages(const void *P, size_t Bytes);

/// Memory for an array of Bytes: of a huge page or more, aligned to huge
/// pages and rounded up to whole ones, so that adviseHugePages can put any
/// prefix of it on them; below that, plain heap memory.  Null when out of
/// memory.
void *allocateArray(size_t Bytes);

/// allocateArray's memory, every byte zero: a mapping of its own from a huge
/// page up, whose pages the system zeroes as they are first touched.
void *allocateZeroedArray(size_t Bytes);

/// Releases P from allocateArray(Bytes) or allocateZeroedArray(Bytes).
void releaseArray(void *P, size_t Bytes);

/// The allocator of the node pools, which a body's parse reserves from an
/// estimate and then fills: their page faults on first touch were a
/// noticeable part of the time to check a file of one large body.
template <class T> struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U> HugePageAllocator(const HugePageAllocator<U> &) {}
  T *allocate(size_t N);
  void deallocate(T *P, size_t N) { releaseArray(P, N * sizeof(T)); }
  friend bool operator==(HugePageAllocator, HugePageAllocator) { return true; }
  friend bool operator!=(HugePageAllocator, HugePageAllocator) { return false; }
};

template <class T> T *HugePageAllocator<T>::allocate(size_t N) {
  if (N > size_t(-1) / sizeof(T))
    throw std::bad_array_new_length();
  if (void *P = allocateArray(N * sizeof(T)))
    return static_cast<T *>(P);
  throw std::bad_alloc();
}

/// A pool of nodes on HugePageAllocator.
template <class T> using HugePageVector = std::vector<T, HugePageAllocator<T>>;

} // namespace tcgen05

#endif
