//===- AST.h - The PTX module AST --------------------------------*- C++
//-*-===//
//
// Every stage (symbol checks, tcgen05 rules, analyses, printer) consumes this
// AST.  Nodes do not copy source text: a Span points into the buffer, which
// therefore must outlive the AST.  Child lists are index ranges into flat
// per-function pools, which keeps a function's AST in a handful of vectors
// that can be cleared and reused.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_AST_AST_H
#define TCGEN05_AST_AST_H

#include "tcgen05/AST/Tcgen05Inst.h"
#include "tcgen05/Basic/HugePages.h"
#include "tcgen05/Basic/Opcodes.h"
#include "tcgen05/Basic/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <vector>

namespace tcgen05 {

/// A half-open range of source bytes.
struct Span {
  const char *Begin = nullptr;
  const char *End = nullptr;

  Span() = default;
  Span(const char *B, const char *E) : Begin(B), End(E) {}
  bool empty() const { return Begin == End; }
  bool valid() const { return Begin != nullptr; }
  llvm::StringRef text() const {
    return llvm::StringRef(Begin, static_cast<size_t>(End - Begin));
  }
  llvm::SMLoc loc() const { return llvm::SMLoc::getFromPointer(Begin); }
  llvm::SMRange range() const {
    return llvm::SMRange(llvm::SMLoc::getFromPointer(Begin),
                         llvm::SMLoc::getFromPointer(End));
  }
};

/// An index range [First, First + Count) into one of a function's pools.
struct IndexRange {
  uint32_t First = 0;
  uint32_t Count = 0;
};

enum class OperandKind : uint8_t {
  Register,   ///< A name starting with '%': %r1, %tid, %rd<3> members.
  Symbol,     ///< Any other name: label, variable, function, parameter.
  Integer,    ///< Any radix, optional U suffix; Value holds the bits.
  Float,      ///< 0fXXXXXXXX, 0dXXXXXXXXXXXXXXXX or decimal; Value holds bits.
  String,     ///< "text" (pragmas, .file).
  Sink,       ///< _
  Address,    ///< [ expr ] or [ a, b ]: Children are the elements.
  Vector,     ///< { a, b, ... }: Children are the elements.
  List,       ///< ( a, b ): call return and argument lists.
  Unary,      ///< Op is '-', '!' or '~'; one child.
  Binary,     ///< Op is '+', '-', '*', '/', '%', '&', '|', '^', '<' (<<), '>'
              ///< (>>); two children.
  Member,     ///< %tid.x, v.x: one child (the base); Member holds '.x'.
  Call,       ///< generic(sym) and other name(...) forms in initializers.
  Field,      ///< filter_mode = nearest in .samplerref/.texref initializers:
              ///< two children, the field's name and its value (keywords).
  DecimalRun, ///< In an initializer's braces: consecutive elements that are
              ///< each a plain decimal literal below 20 digits (`202, 29,
              ///< 180`), one node for all of them; Value holds their count
              ///< and forEachDecimal visits them.  Data tables hold a great
              ///< many such literals, which as nodes of their own cost 24
              ///< bytes each.
};

/// How tightly a Binary operator binds (C's order; higher binds tighter):
/// the parser builds trees by it and the printer parenthesizes by it.  0
/// for a character that is no binary operator.
inline unsigned binaryPrecedence(char Op) {
  switch (Op) {
  case '|':
    return 1;
  case '^':
    return 2;
  case '&':
    return 3;
  case '<': // <<
  case '>': // >>
    return 4;
  case '+':
  case '-':
    return 5;
  case '*':
  case '/':
    return 6;
  default:
    return 0;
  }
}

// A body holds an operand every 13-15 bytes of text, so this is its
// parse's largest pool: the source range is a start and a length, and the
// children and the value share their room, since no kind has both (24
// bytes a node, not 40).
struct Operand {
  OperandKind Kind;
  char Op = 0;
  /// Float: true for the single-precision forms (0f..., or decimal).
  bool IsSingle = false;
  /// Integer: the literal did not fit in 64 bits.
  bool Overflow = false;

private:
  uint32_t SrcLen = 0;
  const char *SrcBegin = nullptr;
  struct Range {
    uint32_t First, Count;
  };
  union {
    Range Kids;
    uint64_t Bits = 0;
  };

  /// The kinds with children; the others may have a value.
  static constexpr uint32_t KindsWithChildren =
      1u << unsigned(OperandKind::Address) |
      1u << unsigned(OperandKind::Vector) | 1u << unsigned(OperandKind::List) |
      1u << unsigned(OperandKind::Unary) | 1u << unsigned(OperandKind::Binary) |
      1u << unsigned(OperandKind::Member) | 1u << unsigned(OperandKind::Call) |
      1u << unsigned(OperandKind::Field);

public:
  bool hasChildren() const { return KindsWithChildren >> unsigned(Kind) & 1; }
  /// Into the pool; empty for a kind without children.
  IndexRange children() const {
    return hasChildren() ? IndexRange{Kids.First, Kids.Count} : IndexRange();
  }
  /// Integer and Float: the bits; DecimalRun: the count; 0 for a kind with
  /// children.
  uint64_t value() const { return hasChildren() ? 0 : Bits; }
  /// For a kind with children, set after the kind.
  void setChildren(IndexRange R) { Kids = Range{R.First, R.Count}; }
  /// For a kind without children.
  void setValue(uint64_t V) { Bits = V; }

  /// The operand's text as written.
  Span src() const { return Span(SrcBegin, SrcBegin + SrcLen); }
  /// S is shorter than 4 GiB, as every input is.
  void setSrc(Span S) {
    SrcBegin = S.Begin;
    SrcLen = static_cast<uint32_t>(S.End - S.Begin);
  }
  llvm::StringRef text() const { return llvm::StringRef(SrcBegin, SrcLen); }
  /// Member: the component word, '.x' of %tid.x: from the first '.', since
  /// the base is one identifier, which holds none.
  Span member() const {
    llvm::StringRef T = text();
    return Span(SrcBegin + std::min(T.find('.'), T.size()), SrcBegin + SrcLen);
  }
};
static_assert(sizeof(Operand) <= 24, "an operand's node grew");

/// Calls Visit(Span Literal, uint64_t Value) for each literal of a
/// DecimalRun, in order.
template <typename Fn> void forEachDecimal(const Operand &Run, Fn &&Visit) {
  const char *P = Run.src().Begin, *E = Run.src().End;
  while (P < E) {
    const char *B = P;
    uint64_t V = 0;
    for (; P < E && *P >= '0' && *P <= '9'; ++P)
      V = V * 10 + static_cast<uint64_t>(*P - '0');
    Visit(Span(B, P), V);
    while (P < E && (*P == ',' || *P == ' ' || *P == '\t'))
      ++P;
  }
}

/// `@%p` or `@!%p` before an instruction.
struct Guard {
  Span Reg; ///< Not valid when there is no guard.
  bool Negated = false;
};

// A body holds an instruction every 40-65 bytes of text: their size is much
// of its parse's memory.  The opcode and the guard lie inside the
// statement, so they are offsets into it (48 bytes a node, not 80).
struct Instruction {
private:
  const char *SrcBegin = nullptr;
  uint32_t SrcLen = 0;
  uint32_t OpcodeOffset = 0;
  /// Longer names are unknown ones, reported in full by the parser.
  uint16_t OpcodeLen = 0;
  Opcode Op = Opcode::Unknown;
  /// GuardLen is 0 when there is no guard; GuardNegated is `@!`.
  uint32_t GuardOffset = 0;
  uint32_t GuardLen : 31;
  uint32_t GuardNegated : 1;

public:
  /// Dotted suffixes in source order, e.g. '.cta_group::1', '.b32'.
  IndexRange Qualifiers;
  /// Top-level operands, into Function::Operands.  Their nested operands
  /// lie before them in the pool, after the previous instruction's: the
  /// parser appends each statement's operands as it parses it, so a pass
  /// over the pool meets every instruction's in instruction order
  /// (SyncBeforeWait's model relies on it;
  /// ParserTest.InstructionsOwnAscendingRunsOfThePool holds it).
  IndexRange Operands;
  /// Index into Function::Tcgen05 when the instruction is a tcgen05 one and
  /// its structured parse succeeded; NoTcgen05 otherwise.
  uint32_t Tcgen05 = NoTcgen05;
  static constexpr uint32_t NoTcgen05 = ~0u;

  Instruction() : GuardLen(0), GuardNegated(0) {}

  /// The whole statement including its ';'.
  Span src() const { return Span(SrcBegin, SrcBegin + SrcLen); }
  /// The instruction's name as written.
  Span opcode() const {
    return Span(SrcBegin + OpcodeOffset, SrcBegin + OpcodeOffset + OpcodeLen);
  }
  /// The instruction's name, interned: ask it what kind of instruction this
  /// is, never the text.
  Opcode op() const { return Op; }
  /// Whether the opcode has every property of Mask (Opcodes.def).
  bool is(unsigned Mask) const { return hasProperty(Op, Mask); }
  /// Whether the instruction has a guard, `@%p` or `@!%p`.
  bool guarded() const { return GuardLen != 0; }
  /// The guard; its Reg is not valid when there is none.
  Guard pred() const {
    Guard G;
    if (GuardLen)
      G.Reg = Span(SrcBegin + GuardOffset, SrcBegin + GuardOffset + GuardLen);
    G.Negated = GuardNegated;
    return G;
  }
  /// The guard, `@%p` or `@!%p`; call only when there is one.
  Span guardSrc() const {
    return Span(SrcBegin, SrcBegin + GuardOffset + GuardLen);
  }

  /// Sets the statement's text, its opcode as written (Name) and interned
  /// (Kind), and its guard (Pred.Reg not valid for none), which lie inside
  /// it; Src is shorter than 4 GiB, as every input is.
  void setSource(Span Src, Span Name, Opcode Kind, Guard Pred) {
    SrcBegin = Src.Begin;
    SrcLen = static_cast<uint32_t>(Src.End - Src.Begin);
    OpcodeOffset = static_cast<uint32_t>(Name.Begin - Src.Begin);
    OpcodeLen = static_cast<uint16_t>(
        std::min<size_t>(Name.End - Name.Begin, UINT16_MAX));
    Op = Kind;
    GuardOffset = 0;
    GuardLen = 0;
    if (Pred.Reg.valid()) {
      GuardOffset = static_cast<uint32_t>(Pred.Reg.Begin - Src.Begin);
      // 31 bits: a longer name (no register's) keeps its guard, not its
      // whole length.
      GuardLen = static_cast<uint32_t>(
          std::min<size_t>(Pred.Reg.End - Pred.Reg.Begin, 0x7FFFFFFFu));
    }
    GuardNegated = Pred.Negated;
  }
};
static_assert(sizeof(Instruction) <= 48, "an instruction's node grew");

struct Declarator {
  Span Name;
  Span Src;
  /// %r<100>: a parameterized name declaring %r0 .. %r99.
  bool IsRange = false;
  uint32_t RangeCount = 0;
  /// Array dimensions; a dimension written `[]` has no size.
  uint8_t NumDims = 0;
  /// The dimensions as written, `[16][4]`; empty if none.
  Span Dims;
  /// Initializer operands (one operand, or a Vector for `{...}`).
  IndexRange Init;
};

/// A variable declaration in any state space, module-level, in a body, or a
/// function parameter: `.reg .b32 %r<4>;`, `.global .align 4 .b8 g[16];`.
struct Declaration {
  Span Src;
  Span Linkage; ///< .extern/.visible/.weak/.common; empty if none.
  Span Space;   ///< '.reg', '.global', '.param', ... (the first dotted word)
  /// The remaining dotted words in order ('.align', '.v4', '.b32', '.ptr',
  /// linkage, ...).
  IndexRange Qualifiers;
  uint32_t Align = 0;
  IndexRange Declarators;
};

/// Any other directive statement: .pragma, .loc, .file, .maxnreg, ...
struct DirectiveStmt {
  Span Src;
  Span Name;
  IndexRange Operands;
};

enum class StmtKind : uint8_t {
  Instruction,
  Label,
  Declaration,
  Directive,
  ScopeBegin,
  ScopeEnd,
};

struct Statement {
  StmtKind Kind;
  uint32_t Index; ///< Into the pool for Kind (unused for scopes).
};

/// Pools for AST nodes.  Function bodies and the module's top level each
/// own one.
struct NodePool {
  HugePageVector<Operand> Operands;
  HugePageVector<Span> Qualifiers;
  HugePageVector<Declarator> Declarators;
  HugePageVector<Declaration> Declarations;
  HugePageVector<DirectiveStmt> Directives;

  void clear() {
    Operands.clear();
    Qualifiers.clear();
    Declarators.clear();
    Declarations.clear();
    Directives.clear();
  }
  llvm::ArrayRef<Operand> operands(IndexRange R) const {
    return llvm::ArrayRef<Operand>(Operands).slice(R.First, R.Count);
  }
  llvm::ArrayRef<Span> qualifiers(IndexRange R) const {
    return llvm::ArrayRef<Span>(Qualifiers).slice(R.First, R.Count);
  }
  llvm::ArrayRef<Declarator> declarators(IndexRange R) const {
    return llvm::ArrayRef<Declarator>(Declarators).slice(R.First, R.Count);
  }
};

/// An .entry or .func: its signature always, its body once parsed.  The
/// signature lives in the module's pools (Returns, Params and
/// PerfDirectives index Module::Declarations and Module::Directives); the
/// function's own pools hold its body.
struct Function : NodePool {
  Span Src;
  Span Name;
  Span Linkage; ///< .visible/.extern/.weak; empty if none.
  bool IsEntry = false;
  bool HasBody = false;
  bool IsNoReturn = false;
  /// Declaration indices (into Declarations) of the return and parameter
  /// lists.
  std::vector<uint32_t> Returns;
  std::vector<uint32_t> Params;
  /// Performance-tuning directives between the signature and the body.
  std::vector<uint32_t> PerfDirectives;
  /// The body including its braces.
  Span Body;

  // Body.
  HugePageVector<Statement> Statements;
  HugePageVector<Instruction> Instructions;
  std::vector<Span> Labels;
  std::vector<Tcgen05Inst> Tcgen05;
  Tcgen05Pool Tcgen05Nodes;

  /// Whether the body's text names tcgen05 anywhere, comments included.  A
  /// body that does not holds no tcgen05 instruction, so no analysis and no
  /// retargeting looks at it: it may be checked in pieces, or not parsed.
  bool namesTcgen05() const;
  /// Exchanges body storage with Other; signatures stay.  Checking many
  /// functions in turn through one scratch Function reuses its capacity.
  void swapBody(Function &Other);
  /// Empties the body, keeping its capacity.
  void clearBody();
};

struct TargetSpec {
  Span Src;
  llvm::SmallVector<Span, 2> Names; ///< 'sm_100a', 'debug', ...
};

/// What a top-level item of the module is; Index is into the pool its
/// kind names (unused for .version, .target and .address_size).
enum class ItemKind : uint8_t {
  Version,
  Target,
  AddressSize,
  Directive,
  Global,
  Function,
};

struct ModuleItem {
  ItemKind Kind;
  uint32_t Index;
};

/// Module-level structure.  Bodies are parsed and handed to consumers one
/// function at a time; the module keeps signatures only.
struct Module : NodePool {
  unsigned BufferID = 0;
  /// The whole text parsed, which every span points into.
  llvm::StringRef Text;
  Span Version; ///< The version number token; empty if missing.
  unsigned VersionMajor = 0, VersionMinor = 0;
  TargetSpec Target;
  unsigned AddressSize = 0; ///< 0 when not given (means 32 per the ISA).
  /// The architecture checks apply: the last architecture of .target, or
  /// the caller's override.  Empty when neither names a known target.
  std::optional<TargetInfo> EffectiveTarget;
  /// The .target name EffectiveTarget comes from; empty when the caller's
  /// override set it, or nothing did.
  Span EffectiveTargetName;
  /// Module-level variable declarations, into Declarations.
  std::vector<uint32_t> Globals;
  /// .file, .pragma, .section and others, into Directives.
  std::vector<uint32_t> OtherDirectives;
  /// A deque: a function stays where it is while later ones are added, so
  /// its body can be checked while the module pass goes on.
  std::deque<Function> Functions;
  /// Every top-level item in source order (the printer's outline).
  std::vector<ModuleItem> Items;
  /// The contents of the .section blocks parseModule left unchecked
  /// (ParseOptions::DeferSectionContents), in source order.
  std::vector<Span> SectionContents;
};

} // namespace tcgen05

#endif
