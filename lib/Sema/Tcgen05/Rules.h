//===- Rules.h - The tcgen05 rule tables, as C++ data -----------*- C++ -*-===//
//
// Every table is expanded from one .def file in this directory; nothing
// here restates a rule.  The checker (Tcgen05Check.cpp) and the rule
// documentation generator both read these arrays.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_SEMA_TCGEN05_RULES_H
#define TCGEN05_LIB_SEMA_TCGEN05_RULES_H

#include "tcgen05/AST/Tcgen05Inst.h"
#include "tcgen05/Basic/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

/// In a rule table's Section column: the section of each instruction the
/// row applies to (ruleSection).
#define OWN_SECTION ""
#include <optional>
#include <string>

namespace tcgen05::rules {

using Form = Tcgen05Form;

enum FormBit : uint32_t {
#define FORM(Id, Opcode, Spelling, Section, MinPTX, Targets, Syntax)           \
  F_##Id = 1u << static_cast<unsigned>(Form::Id),
#include "tcgen05/AST/Tcgen05Forms.def"
};

#define FORM_GROUP(Name, Forms) constexpr uint32_t Name = (Forms);
#include "tcgen05/AST/Tcgen05FormGroups.def"

inline uint32_t bitOf(Form F) { return 1u << static_cast<unsigned>(F); }

enum class TargetSetId : uint8_t {
  Any,
#define TARGET_SET(Id, ...) Id,
#include "TargetSets.def"
};

struct TargetEntry {
  const char *Target;
  bool Family;
  unsigned MinPTX;
};

struct TargetSet {
  TargetSetId Id;
  llvm::ArrayRef<TargetEntry> Entries;
};

struct FormInfo {
  Form Id;
  Tcgen05Opcode Opcode;
  llvm::StringRef Spelling;
  llvm::StringRef Section;
  unsigned MinPTX;
  TargetSetId Targets;
};

struct QualRule {
  uint32_t Forms;
  Tcgen05QualClass Class;
  llvm::StringRef Spelling;
  unsigned MinPTX;
  TargetSetId Targets;
  llvm::StringRef Section;
};

struct ClassRule {
  Tcgen05QualClass Class;
  llvm::StringRef Noun;
  bool Repeatable;
  /// Position in the manual's syntax lines: the printer's order.
  unsigned Rank;
};

struct RequireRule {
  uint32_t Forms;
  Tcgen05QualClass Class;
  llvm::StringRef Section;
};

enum class OperandForm : uint8_t { Reg, Imm, RegOrImm, Addr, Vec, Pred };

/// What an operand accepts beyond its form's default (Tcgen05Operands.def).
enum OperandAccept : uint8_t {
  /// Nothing more: addresses are registers (plus an offset), vector
  /// elements registers, register operands registers, not variables.
  Strict = 0,
  /// A variable's name in the brackets (a shared memory address).
  SymbolAddress = 1,
  /// Only .bN registers, not .uN or .sN (ptxas's tcgen05.mma addresses).
  BitSizeRegister = 2,
  /// Vector elements of compatible types (a .bN with any type of its size,
  /// .uN with .sN).
  SameTypeElements = 4,
  /// A register, or a vector of one register ({%r1}).
  OneElementVector = 8,
  /// Immediates among a vector's registers: ptxas takes tcgen05.st's
  /// values as {%r3, 0}, and refuses them only where they are written.
  ImmediateElements = 16,
};

struct OperandRule {
  uint32_t Forms;
  Tcgen05OperandRole Role;
  OperandForm Shape;
  unsigned Bits;
  bool Float;
  int64_t Min, Max, Step;
  uint8_t Accept;
  llvm::StringRef Section;
};

struct OperandTargetRule {
  uint32_t Forms;
  Tcgen05OperandRole Role;
  TargetSetId Targets;
  llvm::StringRef Section;
};

struct LdStShape {
  llvm::StringRef Shape;
  unsigned RegistersAtX1;
  unsigned MaxNum;
};

enum class ComboKind : uint8_t {
  Needs,
  Excludes,
  OnlyWithOperand,
  Before,
  QualNeedsOperand
};

struct ComboRule {
  ComboKind Kind;
  uint32_t Forms;
  llvm::StringRef If;    ///< A spelling (Needs, Excludes).
  llvm::StringRef Other; ///< '|'-separated spellings.
  Tcgen05OperandRole Role;
  Tcgen05QualClass First, Second;
  llvm::StringRef Section;
};

enum class BlockScaleUse : uint8_t { Required, Forbidden };
enum class ScaleInputDUse : uint8_t { Allowed, Forbidden, Unchecked };

struct KindRule {
  llvm::StringRef Kind;
  BlockScaleUse BlockScale;
  llvm::StringRef ScaleVecs; ///< '|'-separated.
  llvm::StringRef DefaultScaleVec;
  ScaleInputDUse ScaleInputD;
  unsigned MaxOperands;
  TargetSetId SparseTargets;
  llvm::StringRef Section;
};

struct ScaleVecAlias {
  llvm::StringRef Kind, Block, ScaleVec, Section;
};

llvm::ArrayRef<FormInfo> forms();
llvm::ArrayRef<ScaleVecAlias> scaleVecAliases();
/// The other spelling of scale vector size Size with Kind (a .blockN for a
/// .scale_vec::NX and back), or null.
const ScaleVecAlias *findScaleVecAlias(llvm::StringRef Kind,
                                       llvm::StringRef Size);
llvm::ArrayRef<KindRule> kindRules();
const KindRule *findKind(llvm::StringRef Kind);
const FormInfo &formInfo(Form F);

/// The section a rule row cites for form F: the row's, or F's own when the
/// row says OWN_SECTION (a row shared by instructions documented in
/// different sections, such as .sync for alloc, ld, st and wait).
llvm::StringRef ruleSection(llvm::StringRef RowSection, Form F);
llvm::ArrayRef<QualRule> qualifierRules();
llvm::ArrayRef<RequireRule> requireRules();
llvm::ArrayRef<OperandRule> operandRules();
llvm::ArrayRef<LdStShape> ldStShapes();
llvm::ArrayRef<OperandTargetRule> operandTargetRules();
llvm::ArrayRef<ComboRule> comboRules();
const ClassRule &classRule(Tcgen05QualClass C);
const TargetSet &targetSet(TargetSetId Id);

/// Whether T at PTX version Version is in the set (Any: always).
bool targetSetContains(TargetSetId Id, const TargetInfo &T, unsigned Version);
/// "sm_100a, sm_101a, sm_110a, and from PTX ISA 8.8 the sm_100f family
/// (sm_100f and higher), ...".
std::string describeTargetSet(TargetSetId Id);

/// Whether R's word is legal on T at Version: the two conditions the
/// checker reports apart (TC3104 too new, TC3103 wrong target).
bool qualifierAllowed(const QualRule &R, const TargetInfo &T, unsigned Version);

/// The rule for Spelling on form F, or null.
const QualRule *findQualifier(Form F, llvm::StringRef Spelling);
/// Any rule for Spelling (to tell a word of another form from an unknown
/// word).
const QualRule *findAnyQualifier(llvm::StringRef Spelling);
const OperandRule *findOperand(Form F, Tcgen05OperandRole Role);
const LdStShape *findLdStShape(llvm::StringRef Shape);

} // namespace tcgen05::rules

#endif
