//===- HugePages.h - Advise large arrays onto huge pages --------*- C++ -*-===//
//
// A body of megabytes fills arrays of tens of megabytes, and each 4 KiB page
// of them is a page fault on first touch: in a large unoptimized kernel
// those faults were a fifth of the check.  Arrays about to be filled are
// advised for transparent huge pages, one fault per 2 MiB.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_HUGEPAGES_H
#define TCGEN05_BASIC_HUGEPAGES_H

#include <cstddef>

namespace tcgen05 {

/// The size of a transparent huge page.
constexpr size_t HugePageSize = size_t(2) << 20;

/// Advises the whole huge pages inside [P, P + Bytes) for transparent huge
/// pages.  Only for memory about to be filled: a huge page touched once is
/// resident whole.  Does nothing where the system has no such advice.
void adviseHugePages(const void *P, size_t Bytes);

} // namespace tcgen05

#endif
