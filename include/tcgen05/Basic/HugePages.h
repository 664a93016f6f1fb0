//===- HugePages.h - Large allocations backed by huge pages -----*- C++ -*-===//
//
// The input and the module's data initializers are tens of megabytes written
// once: with 4 KiB pages, faulting them in costs more than writing them.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_HUGEPAGES_H
#define TCGEN05_BASIC_HUGEPAGES_H

#include <cstddef>

namespace tcgen05 {

/// The size of a huge page, 2 MiB.
constexpr size_t HugePageSize = size_t(2) << 20;

/// Asks that the whole huge pages inside [P, P + Size) be backed by huge
/// pages when first touched: one page fault per 2 MiB instead of per
/// 4 KiB.  A hint, where the system takes it; the memory stays the
/// caller's.
void adviseHugePages(void *P, size_t Size);

} // namespace tcgen05

#endif
