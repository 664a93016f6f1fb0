//===- DescField.h - Bit fields of the tcgen05 descriptors ------*- C++ -*-===//
//
// One field table for the three descriptors of tcgen05 (PTX ISA 9.7.16.4):
// the instruction descriptor, the shared memory descriptor and the
// zero-column mask descriptor (lib/Descriptors/DescriptorFields.def).
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_DESCRIPTORS_DESCFIELD_H
#define TCGEN05_DESCRIPTORS_DESCFIELD_H

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tcgen05 {

enum class DescriptorKind : uint8_t { Instr, Smem, Zcm };
/// The layout of an instruction descriptor (Tables 42-44); None for the
/// other descriptors, which have one layout each.
enum class IdescLayout : uint8_t { Dense, MxF8, MxF4, None };

struct DescField {
  DescriptorKind Desc;
  IdescLayout Layout;
  llvm::StringRef Name;
  unsigned Lo, Width;
  /// The field holds the quantity >> Scale.
  unsigned Scale;
  llvm::StringRef Description;

  uint64_t mask() const { return ((1ull << Width) - 1ull) << Lo; }
  uint64_t get(uint64_t V) const { return (V & mask()) >> Lo; }
  /// The quantity the field stands for (M, N, a byte address...).
  uint64_t quantity(uint64_t V) const { return get(V) << Scale; }
  uint64_t set(uint64_t V, uint64_t Raw) const {
    return (V & ~mask()) | ((Raw << Lo) & mask());
  }
};

/// Every field of every descriptor.
llvm::ArrayRef<DescField> descFields();
/// The fields of one descriptor (of one instruction descriptor layout).
std::vector<DescField> descFields(DescriptorKind D,
                                  IdescLayout L = IdescLayout::None);
const DescField *findDescField(DescriptorKind D, IdescLayout L,
                               llvm::StringRef Name);
/// Bits of a Bits-wide descriptor that no field uses.
uint64_t descReservedMask(DescriptorKind D, IdescLayout L = IdescLayout::None);
/// The width of the descriptor in bits.
unsigned descBits(DescriptorKind D);

/// Why fields could not be encoded: a catalogue entry and its arguments.
struct EncodeError {
  DiagID ID = DiagID::err_encode_no_field;
  std::vector<DiagArg> Args;
  std::string message() const { return formatDiagMessage(ID, Args); }
};

/// Sets named fields of Base, each given as its quantity (m=128, a byte
/// address); checks names, alignment and ranges, sets Error otherwise.
/// Descriptor names the descriptor in the no-such-field error.
std::optional<uint64_t>
encodeDescFields(DescriptorKind D, IdescLayout L, uint64_t Base,
                 llvm::ArrayRef<std::pair<std::string, uint64_t>> Fields,
                 EncodeError &Error);

/// "name=value ..." for the fields whose bits are all known, each as the
/// quantity the encoder takes (bytes, M, N).
std::string describeDescFields(DescriptorKind D, IdescLayout L, uint64_t V,
                               uint64_t Known);

} // namespace tcgen05

#endif
