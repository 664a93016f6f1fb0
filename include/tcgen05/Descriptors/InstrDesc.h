//===- InstrDesc.h - tcgen05.mma instruction descriptors ---------*- C++
//-*-===//
//
// Decoding, encoding and checking the 32-bit instruction descriptor of
// tcgen05.mma (PTX ISA 9.7.16.4.2, Tables 42-44; shapes from Table 39).  The
// layouts and allowed values are data (lib/Descriptors/*.def); compilers can
// call these directly.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_DESCRIPTORS_INSTRDESC_H
#define TCGEN05_DESCRIPTORS_INSTRDESC_H

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/Target.h"
#include "tcgen05/Descriptors/DescField.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tcgen05 {

/// The instruction descriptor's fields are rows of the one field table.
using IdescField = DescField;

struct IdescKind {
  llvm::StringRef Kind; ///< ".kind::f16"
  IdescLayout Layout;
  llvm::StringRef DTypes, ATypes, BTypes; ///< "value=NAME|..."
  bool Negate, Transpose, Saturate;
};

/// ".kind::f16" or "f16".
const IdescKind *lookupIdescKind(llvm::StringRef Kind);
/// Every kind an instruction descriptor is defined for.
llvm::ArrayRef<IdescKind> idescKinds();
std::vector<IdescField> idescFields(IdescLayout L);
/// Bits no field of the layout uses.
uint32_t idescReservedMask(IdescLayout L);

/// The instruction a descriptor is used by.
struct IdescUse {
  const IdescKind *Kind = nullptr;
  bool Sparse = false;
  bool Ws = false;
  bool Ashift = false;
  unsigned CtaGroup = 1;
  /// The scale vector size qualifier ('.block16'), empty if none.
  llvm::StringRef ScaleVec;
  std::optional<TargetInfo> Target;
  /// The MMA's M when known from its instruction descriptor (0 otherwise),
  /// for the zero-column mask.
  unsigned M = 0;
  /// For a shared memory descriptor operand: whether the instruction
  /// descriptor transposes its matrix, when known.
  std::optional<bool> Transposed;
  /// Matrix A is read from Tensor Memory ([a-tmem]).
  bool ATmem = false;

  /// Two uses the descriptor rules cannot tell apart.  A field added above
  /// belongs in both of these.
  friend bool operator==(const IdescUse &A, const IdescUse &B) {
    return A.Kind == B.Kind && A.Sparse == B.Sparse && A.Ws == B.Ws &&
           A.Ashift == B.Ashift && A.CtaGroup == B.CtaGroup &&
           A.ScaleVec == B.ScaleVec && A.M == B.M &&
           A.Transposed == B.Transposed && A.ATmem == B.ATmem &&
           A.Target.has_value() == B.Target.has_value() &&
           (!A.Target || A.Target->Name == B.Target->Name);
  }
  friend llvm::hash_code hash_value(const IdescUse &U) {
    return llvm::hash_combine(
        U.Kind, U.Sparse, U.Ws, U.Ashift, U.CtaGroup, U.ScaleVec,
        U.Target ? U.Target->Name : llvm::StringRef(), U.M,
        U.Transposed.has_value(), U.Transposed.value_or(false), U.ATmem);
  }
};

struct DescRule;

/// One problem with a descriptor's value: a catalogue diagnostic whose
/// first argument describes the value.
struct IdescFinding {
  IdescFinding(DiagID ID, std::vector<DiagArg> Args,
               const DescRule *Rule = nullptr);
  bool Warning;
  DiagID ID;
  std::vector<DiagArg> Args;
  /// Formatted from the catalogue.
  std::string Message;
  /// The rule table row that found it.
  const DescRule *Rule;
};

/// "0x08200490", with the unknown bits of a Bits-wide value named.
std::string describeDescriptorValue(uint64_t Value, uint64_t Known,
                                    unsigned Bits);

/// Checks every field of Value whose bits are all in Known (the others are
/// runtime values and stay unchecked) against the rule table
/// (DescriptorRules.h).
std::vector<IdescFinding> checkIdesc(uint32_t Value, uint32_t Known,
                                     const IdescUse &Use);

/// "M=128 N=256 dtype=F32 atype=F16 ..." for the fields whose bits are
/// known.
std::string describeIdesc(uint32_t Value, uint32_t Known, const IdescKind &K);

/// A field of V as the encoder takes it and the decoder and diagnostics
/// print it: a type's name for dtype/atype/btype ("F32"), the dimension for
/// m and n (128), the field's value otherwise.
std::string idescFieldText(const IdescKind &K, const IdescField &F, uint32_t V);

/// The value of field F for Text: a number (for m and n the dimension), or
/// for dtype/atype/btype a type's name in any case ("f32"); nothing if it
/// is neither.
std::optional<uint64_t> idescFieldInput(const IdescKind &K, const IdescField &F,
                                        llvm::StringRef Text);

/// The names of field F's values for K ("F16, F32"); empty when the field
/// takes numbers.
std::string idescFieldValueNames(const IdescKind &K, const IdescField &F);

/// Builds a descriptor from named fields (values as in the descriptor,
/// except "m" and "n", which take the dimensions: m=128, n=256).  Names and
/// value ranges are checked; returns nothing and sets Error otherwise.
std::optional<uint32_t>
encodeIdesc(const IdescKind &K,
            llvm::ArrayRef<std::pair<std::string, uint64_t>> Fields,
            EncodeError &Error);

} // namespace tcgen05

#endif
