//===- MatrixDesc.h - Shared memory and zero-column descriptors -*- C++ -*-===//
//
// The 64-bit shared memory descriptor of tcgen05.mma a-desc/b-desc and
// tcgen05.cp s-desc (PTX ISA 9.7.16.4.1, Tables 40/41) and the zero-column
// mask descriptor of tcgen05.mma.ws (9.7.16.4.3, Table 45).
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_DESCRIPTORS_MATRIXDESC_H
#define TCGEN05_DESCRIPTORS_MATRIXDESC_H

#include "tcgen05/Basic/Target.h"
#include "tcgen05/Descriptors/InstrDesc.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tcgen05 {

/// The two 64-bit descriptors, as rows of the one field table.
using MatrixDescKind = DescriptorKind;

std::vector<DescField> matrixDescFields(MatrixDescKind K);
uint64_t matrixDescReservedMask(MatrixDescKind K);

/// Checks the known fields of a shared memory descriptor.  Target: where
/// the leading-dimension absolute mode is allowed (sm_103).  Use, when
/// given, is the instruction that reads it.
std::vector<IdescFinding> checkSmemDesc(uint64_t Value, uint64_t Known,
                                        const std::optional<TargetInfo> &T);
std::vector<IdescFinding> checkSmemDesc(uint64_t Value, uint64_t Known,
                                        const IdescUse &Use);

/// Checks the known fields of a zero-column mask descriptor; M is the MMA's
/// M when known (0 otherwise).
std::vector<IdescFinding> checkZeroColumnMask(uint64_t Value, uint64_t Known,
                                              unsigned M);
std::vector<IdescFinding> checkZeroColumnMask(uint64_t Value, uint64_t Known,
                                              const IdescUse &Use);

std::string describeMatrixDesc(MatrixDescKind K, uint64_t Value,
                               uint64_t Known);

/// Builds a shared memory descriptor from named fields.  start_address,
/// leading_offset and stride_offset take bytes (16-byte aligned, below
/// 256 KiB, encoded as (x & 0x3FFFF) >> 4); the fixed bits are set.
std::optional<uint64_t>
encodeSmemDesc(llvm::ArrayRef<std::pair<std::string, uint64_t>> Fields,
               EncodeError &Error);

} // namespace tcgen05

#endif
