//===- DescriptorRules.h - The rule table of the descriptors ----*- C++ -*-===//
//
// What each field of the three tcgen05 descriptors may hold, as data
// (DescriptorRules.def): one row per rule, with the
// descriptor, the field, the condition, the diagnostic and the PTX ISA
// section.  One generic checker runs the table.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_DESCRIPTORS_DESCRIPTORRULES_H
#define TCGEN05_DESCRIPTORS_DESCRIPTORRULES_H

#include "tcgen05/Descriptors/DescField.h"
#include "tcgen05/Descriptors/InstrDesc.h"

namespace tcgen05 {

/// The instruction a rule row is for.
enum class DescRuleWhen : uint8_t {
  Always,
  Ws,
  NotWs,
  Sparse,
  Dense,
  Ashift,
  ATmem,
  Transposed,
  M32,
  NotM32
};

/// What the field must satisfy.
enum class DescRuleCond : uint8_t {
  In,                 ///< the quantity is one of Arg ('|'-separated)
  NotIn,              ///< the quantity is none of Arg
  AtMost,             ///< the quantity is at most Arg
  Types,              ///< a type code of the kind (Arg: d, a or b)
  KindAllows,         ///< zero unless the kind allows it (Arg: a flag)
  Target,             ///< zero unless the target is sm_<Arg>
  ZeroUnlessField,    ///< zero unless another field holds "name=value"
  ZeroUnlessMAtMost,  ///< zero when the MMA's known M exceeds Arg
  ZeroWithFourScales, ///< zero with four scale factors per row
  UE4M3NeedsVec,      ///< 0 (UE4M3) only with a scale vector in Arg
  ShapeM,             ///< M in Table 39
  ShapeNList,         ///< N in Table 39's list
  ShapeNRange,        ///< N in Table 39's range and step
  NTransposed8Bit,    ///< N for a transposed 8-bit B (Table 50)
  SwizzleBaseOffset,  ///< base_offset as the start address implies
  Reserved,           ///< no reserved bit set
};

enum class DescRuleID : uint16_t {
#define DESC_RULE(Id, ...) Id,
#include "tcgen05/Descriptors/DescriptorRules.def"
};

struct DescRule {
  DescRuleID ID;
  llvm::StringRef Name;
  DescriptorKind Desc;
  llvm::StringRef Kinds;
  DescRuleWhen When;
  llvm::StringRef Field;
  DescRuleCond Cond;
  llvm::StringRef Arg;
  /// The diagnostic's arguments after the value, comma-separated.
  llvm::StringRef Args;
  DiagID Diag;
  llvm::StringRef Section;
};

llvm::ArrayRef<DescRule> descRules();
const DescRule &descRule(DescRuleID ID);

/// Whether Name is one of the names a rule's Args column may use.
bool descRuleArgumentKnown(llvm::StringRef Name);

/// Runs every rule of D's table on the known fields of Value.  For an
/// instruction descriptor Use.Kind must be set.
std::vector<IdescFinding> checkDescriptor(DescriptorKind D, uint64_t Value,
                                          uint64_t Known, const IdescUse &Use);

/// Whether the rule is about the instruction Use describes (its kind and
/// qualifiers), whatever the descriptor's value.
bool descRuleApplies(const DescRule &R, const IdescUse &Use);

/// A value that differs from Value only in R's field (or, for the reserved
/// bits, in one reserved bit) and breaks R, preferring one that breaks no
/// other rule; nothing if no value of the field breaks R for Use.
std::optional<uint64_t> breakDescRule(const DescRule &R, uint64_t Value,
                                      const IdescUse &Use);

} // namespace tcgen05

#endif
