//===- Symbols.cpp - Declared-before-use checks ---------------------------===//

#include "tcgen05/Basic/Demangle.h"
#include "tcgen05/Sema/Symbols.h"

#include "tcgen05/Analysis/Registers.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Sema/Tcgen05Check.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace tcgen05;

namespace {

/// A name in the source and a scope, as a key of 16 bytes, not the 24 of
/// a pair: a -G kernel's tens of thousands of labels fill as many buckets
/// and more.  A label's name is its definition.
struct ScopedName {
  const char *Data;
  uint32_t Size;
  uint32_t Scope;
  llvm::StringRef name() const { return llvm::StringRef(Data, Size); }
  Span span() const { return Span(Data, Data + Size); }
  static ScopedName of(unsigned Scope, llvm::StringRef Name) {
    return {Name.data(), static_cast<uint32_t>(Name.size()), Scope};
  }
};

} // namespace

template <> struct llvm::DenseMapInfo<ScopedName> {
  static ScopedName getEmptyKey() {
    return {DenseMapInfo<llvm::StringRef>::getEmptyKey().data(), 0, 0};
  }
  static ScopedName getTombstoneKey() {
    return {DenseMapInfo<llvm::StringRef>::getTombstoneKey().data(), 0, 0};
  }
  static unsigned getHashValue(const ScopedName &K) {
    return detail::combineHashValue(
        K.Scope * 37U, DenseMapInfo<StringRef>::getHashValue(K.name()));
  }
  static bool isEqual(const ScopedName &A, const ScopedName &B) {
    // The two sentinels are pointers that must not be read.
    const char *Empty = getEmptyKey().Data, *Tomb = getTombstoneKey().Data;
    if (A.Data == Empty || A.Data == Tomb || B.Data == Empty || B.Data == Tomb)
      return A.Data == B.Data;
    return A.Scope == B.Scope && A.name() == B.name();
  }
};

namespace {

/// Calls Use on every register or symbol O names: in operand trees, not in
/// what only looks like a name (generic of generic(v), both sides of
/// filter_mode = nearest).
template <typename Fn>
void forEachName(const NodePool &Pool, const Operand &O, Fn Use) {
  switch (O.Kind) {
  case OperandKind::Register:
  case OperandKind::Symbol:
    Use(O);
    return;
  case OperandKind::Call:
    forEachName(Pool, Pool.Operands[O.children().First + 1], Use);
    return;
  case OperandKind::Member:
  case OperandKind::Address:
  case OperandKind::Vector:
  case OperandKind::List:
  case OperandKind::Unary:
  case OperandKind::Binary:
    for (const Operand &C : Pool.operands(O.children()))
      forEachName(Pool, C, Use);
    return;
  case OperandKind::Integer:
  case OperandKind::DecimalRun:
  case OperandKind::Float:
  case OperandKind::String:
  case OperandKind::Sink:
  case OperandKind::Field:
    return;
  }
}

/// Names are quoted in messages; a pathological 50 MB name is cut short.
std::string shortName(llvm::StringRef Name) {
  return Name.size() <= 64 ? Name.str() : (Name.take_front(61) + "...").str();
}

/// Only .global and .const variables take initializers (ptxas: "No initial
/// value is allowed for 'x' in this state space").
void checkInitializerSpace(const NodePool &Pool, const Declaration &D,
                           DiagnosticSink &Sink) {
  llvm::StringRef Space = D.Space.text();
  if (Space == ".global" || Space == ".const")
    return;
  for (const Declarator &Dr : Pool.declarators(D.Declarators))
    if (Dr.Init.Count)
      Sink.report(DiagID::err_initializer_space, Dr.Name.range(),
                  {shortName(Dr.Name.text()), Space.str()})
          .note(DiagID::note_initializer_spaces, {}, {});
}

bool isSpecialName(llvm::StringRef Name) {
#define SREG(S, Warp)                                                          \
  if (Name == S)                                                               \
    return true;
#define SREG_RANGE(Prefix, N, Warp)                                            \
  if (Name.starts_with(Prefix)) {                                              \
    unsigned I;                                                                \
    if (!Name.drop_front(sizeof(Prefix) - 1).getAsInteger(10, I) && I < N)     \
      return true;                                                             \
  }
#include "tcgen05/Basic/SpecialRegisters.def"
  return false;
}

/// Splits '%r123' into '%r' and 123.  ptxas compares the suffix as a
/// number, so '%r01' is '%r1'.
bool splitIndexed(llvm::StringRef Name, llvm::StringRef &Prefix,
                  uint64_t &Index) {
  size_t I = Name.size();
  while (I > 0 && Name[I - 1] >= '0' && Name[I - 1] <= '9')
    --I;
  if (I == Name.size() || I == 0)
    return false;
  // Every operand of every instruction comes through here: no general
  // integer parsing.
  if (Name.size() - I > 18)
    return false;
  uint64_t V = 0;
  for (char C : Name.drop_front(I))
    V = V * 10 + static_cast<uint64_t>(C - '0');
  Index = V;
  Prefix = Name.take_front(I);
  return true;
}

/// Per-function symbol state.  Bindings are undone when their scope closes.
class FunctionChecker : public RegisterLookup {
public:
  FunctionChecker(const Module &M, const ModuleSymbols &Globals,
                  const Function &F, DiagnosticSink &Sink, InstructionHook Hook,
                  const RegisterNames *NameIds)
      : M(M), Globals(Globals), F(F), Sink(Sink), Hook(Hook), NameIds(NameIds),
        PrefixRanges(NameIds ? NameIds->numPrefixes() : 0),
        DeclaredAsOf(NameIds ? NameIds->size() : 0, 0) {}

  /// Checks the whole body.
  void run();
  /// Checks the body a piece at a time (BodySegments): begin, then
  /// checkPiece for each piece, then finish.  A name that is no label yet
  /// may be one of a later piece: its error waits for finish.
  void begin();
  void checkPiece();
  void finish();
  std::optional<llvm::StringRef>
  registerType(llvm::StringRef Name) const override;

private:
  struct Binding {
    Span Decl;
    unsigned Scope;
    uint32_t RangeCount; ///< For %r<N> prefixes.
    /// For %r<N> prefixes: the largest count among this range and those it
    /// shadows.  %r<2> in an inner scope declares %r0 and %r1 anew; the
    /// outer %r<4>'s %r2 and %r3 stay visible (as ptxas has it).
    uint32_t VisibleCount;
    Span Type; ///< '.b32'; empty for non-register declarations.
  };
  struct Undo {
    bool IsRange;
    llvm::StringRef Name;
    std::optional<Binding> Previous;
  };
  /// The range declaration an undeclared '%r4' is likely an off-by-one of.
  struct RangeNote {
    llvm::StringRef Prefix; ///< '%r' of '%r4'.
    Span Decl;
    uint32_t Count = 0;
  };
  /// A use of a name found undeclared in a piece before the last, with
  /// what its error would say.
  struct UnresolvedUse {
    Operand Use;
    bool IsBranch;
    RangeNote Note;
  };
  /// The uses of one name, undeclared in one body scope: a later label
  /// resolves all of them or none.  Only the first uses are kept, as many
  /// as the sink's error cap: a body of millions of them needs no more.
  struct Unresolved {
    llvm::StringRef Name;
    unsigned BodyScope;
    std::vector<UnresolvedUse> Uses;
  };

  void declare(const Declarator &D, Span Type);
  /// A label and a variable of one name in one scope: the later of the two
  /// is the error, whichever it is.
  void reportLabelClash(Span Label, Span Variable);
  void declareAll(const NodePool &Pool, const Declaration &D);
  void openScope();
  void closeScope();
  bool isDeclared(llvm::StringRef Name, const char *Use) const;
  /// Declared other than as a label.
  bool isBound(llvm::StringRef Name, const char *Use) const;
  /// Whether the name numbered Id, spelled Name, is declared.  Most names
  /// are found declared already in this scope, inline.
  bool isDeclared(uint32_t Id, llvm::StringRef Name, const char *Use) {
    return (Id != RegisterNames::None && DeclaredAsOf[Id] == ScopeEpoch) ||
           lookUpDeclared(Id, Name, Use);
  }
  /// isDeclared when the name is not known declared in this scope.
  bool lookUpDeclared(uint32_t Id, llvm::StringRef Name, const char *Use);
  /// Whether the name numbered Id is declared as a variable, in a range,
  /// at module level or as a special register: not as a label.
  bool isBound(uint32_t Id, llvm::StringRef Name, const char *Use);
  void rangesChanged() {
    CachedPrefix = llvm::StringRef();
    ++RangeEpoch;
  }
  /// Whether a label Name is visible in body scope BodyScope.
  bool isLabelVisible(llvm::StringRef Name, unsigned BodyScope) const;
  bool isLabelVisible(llvm::StringRef Name) const {
    return !BodyScopes.empty() && isLabelVisible(Name, BodyScopes.back());
  }
  void checkOperands(const NodePool &Pool, IndexRange R, bool IsBranch);
  /// O is an operand of F's pool.
  void checkName(const Operand &O, bool IsBranch);
  /// Reports O undeclared, or, while labels of later pieces are unknown,
  /// keeps it for finish.
  void undeclared(const Operand &O, bool IsBranch);
  void reportUndeclared(const Operand &O, bool IsBranch, const RangeNote &N);
  void reportUndeclared(const Operand &O, bool IsBranch, const RangeNote &N,
                        DiagnosticSink &To);
  RangeNote rangeNote(llvm::StringRef Name) const;
  /// The binding of Name in the scope numbered Scope (ScopeIds), visible or
  /// shadowed by an inner one; null if none.
  const Binding *boundInScope(llvm::StringRef Name, unsigned Scope) const;
  void collectLabels();
  void checkStatements();

  const Module &M;
  const ModuleSymbols &Globals;
  const Function &F;
  DiagnosticSink &Sink;
  InstructionHook Hook;
  /// The function's names when the analyses number them anyway; the
  /// symbol checks then read a register's prefix and number from them.
  const RegisterNames *NameIds;
  /// By prefix of the names' shapes (%r, %rd): the count of the range
  /// declared for it (%r<100>), as of RangeEpoch.  Almost every register
  /// of compiler output is in a range.
  struct PrefixRange {
    uint32_t Epoch = 0;
    uint32_t Count = 0;
  };
  std::vector<PrefixRange> PrefixRanges;
  uint32_t RangeEpoch = 1;
  /// By name number: the ScopeEpoch in which the name was last found
  /// declared other than as a label.  A declaration never hides another,
  /// so the answer holds until the scope that declared it closes; a body
  /// names each register many times.
  std::vector<uint32_t> DeclaredAsOf;
  uint32_t ScopeEpoch = 1;

  llvm::StringMap<Binding> Names;
  llvm::StringMap<Binding> Ranges;
  /// Consecutive operands mostly share one register prefix ('%r'): the last
  /// range looked up, reset whenever the bindings change.
  mutable llvm::StringRef CachedPrefix;
  mutable uint32_t CachedCount = 0;
  std::vector<Undo> UndoLog;
  std::vector<size_t> ScopeMarks;
  std::vector<unsigned> ScopeIds;
  unsigned NextScopeId = 0;
  /// Labels by (scope, name); a label is visible in its scope and the
  /// scopes nested in it, before and after its definition.  Scope 0 is the
  /// body; ScopeParent[I] encloses scope I.
  llvm::DenseSet<ScopedName> Labels;
  std::vector<unsigned> ScopeParent;
  /// collectLabels' body scopes from the body inward, kept from piece to
  /// piece.
  llvm::SmallVector<unsigned, 16> LabelScopes{0};
  /// Body scopes (as numbered in collectLabels) from the body inward.
  /// Body scope B is ScopeIds' B + 1: the parameters' scope comes first.
  std::vector<unsigned> BodyScopes;
  unsigned NextBodyScope = 0;
  /// False while later pieces may define more labels.
  bool LabelsComplete = true;
  /// Whether a piece was checked: labels of later pieces may come after a
  /// variable of their name.
  bool CheckedPiece = false;
  std::vector<Unresolved> UnresolvedNames;
  llvm::DenseMap<ScopedName, uint32_t> UnresolvedIndex;
};

void FunctionChecker::openScope() {
  ScopeMarks.push_back(UndoLog.size());
  ScopeIds.push_back(NextScopeId++);
}

void FunctionChecker::closeScope() {
  if (ScopeMarks.size() <= 1)
    return;
  CachedPrefix = llvm::StringRef();
  size_t Mark = ScopeMarks.back();
  ScopeMarks.pop_back();
  ScopeIds.pop_back();
  while (UndoLog.size() > Mark) {
    Undo &U = UndoLog.back();
    // What the scope declared may now be undeclared: the one name, or for
    // a range every name.
    if (U.IsRange) {
      rangesChanged();
      ++ScopeEpoch;
    } else if (NameIds) {
      if (uint32_t Id = NameIds->lookup(U.Name); Id != RegisterNames::None)
        DeclaredAsOf[Id] = 0;
    }
    llvm::StringMap<Binding> &Map = U.IsRange ? Ranges : Names;
    if (U.Previous)
      Map[U.Name] = *U.Previous;
    else
      Map.erase(U.Name);
    UndoLog.pop_back();
  }
}

void FunctionChecker::reportLabelClash(Span Label, Span Variable) {
  bool LabelFirst = Label.Begin < Variable.Begin;
  Span Later = LabelFirst ? Variable : Label;
  Span Earlier = LabelFirst ? Label : Variable;
  std::string Name = shortName(Label.text());
  Sink.report(DiagID::err_redefinition, Later.range(), {Name})
      .note(LabelFirst ? DiagID::note_previous_label
                       : DiagID::note_previous_definition,
            Earlier.range(), {Name});
}

void FunctionChecker::declare(const Declarator &D, Span Type) {
  CachedPrefix = llvm::StringRef();
  llvm::StringRef Name = D.Name.text();
  if (Name == "_")
    return;
  llvm::StringMap<Binding> &Map = D.IsRange ? Ranges : Names;
  unsigned Scope = ScopeIds.back();
  auto It = Map.find(Name);
  // A second declaration in the scope binds nothing: it is the error, and a
  // label of its name clashes with the first only (as it does when the
  // body is checked in pieces).
  if (It != Map.end() && It->second.Scope == Scope) {
    Sink.report(DiagID::err_redefinition, D.Name.range(), {shortName(Name)})
        .note(DiagID::note_previous_definition, It->second.Decl.range(),
              {shortName(Name)});
    return;
  }
  // A label and a variable share one namespace per scope, whichever comes
  // first (ptxas: "Duplicate definition"); a parameterized range does not
  // take its prefix's name.
  if (!D.IsRange && !BodyScopes.empty()) {
    auto L = Labels.find(ScopedName::of(BodyScopes.back(), Name));
    // The variable is still bound, so its uses add no errors.
    if (L != Labels.end())
      reportLabelClash(L->span(), D.Name);
  }
  if (D.IsRange)
    rangesChanged();
  Undo U{D.IsRange, Name, std::nullopt};
  if (It != Map.end())
    U.Previous = It->second;
  UndoLog.push_back(U);
  uint32_t Visible = D.RangeCount;
  if (D.IsRange && It != Map.end())
    Visible = std::max(Visible, It->second.VisibleCount);
  Map[Name] = Binding{D.Name, Scope, D.RangeCount, Visible, Type};
}

/// The type word of a register declaration (its last dotted word:
/// '.reg .v4 .b32 %v;' declares .b32 elements); empty for other spaces.
Span registerTypeOf(const NodePool &Pool, const Declaration &D) {
  if (D.Space.text() != ".reg" || !D.Qualifiers.Count)
    return Span();
  return Pool.Qualifiers[D.Qualifiers.First + D.Qualifiers.Count - 1];
}

void FunctionChecker::declareAll(const NodePool &Pool, const Declaration &D) {
  Span Type = registerTypeOf(Pool, D);
  for (const Declarator &Dr : Pool.declarators(D.Declarators))
    declare(Dr, Type);
}

std::optional<llvm::StringRef>
FunctionChecker::registerType(llvm::StringRef Name) const {
  auto It = Names.find(Name);
  if (It != Names.end())
    return It->second.Type.valid() ? std::optional(It->second.Type.text())
                                   : std::nullopt;
  llvm::StringRef Prefix;
  uint64_t Index;
  if (splitIndexed(Name, Prefix, Index)) {
    auto R = Ranges.find(Prefix);
    if (R != Ranges.end() && Index < R->second.VisibleCount) {
      // The innermost range that declares the index.
      const Binding *B = &R->second;
      for (size_t K = UndoLog.size(); K-- > 0 && Index >= B->RangeCount;)
        if (UndoLog[K].IsRange && UndoLog[K].Name == Prefix &&
            UndoLog[K].Previous)
          B = &*UndoLog[K].Previous;
      if (Index < B->RangeCount && B->Type.valid())
        return B->Type.text();
    }
  }
  return std::nullopt;
}

bool FunctionChecker::isLabelVisible(llvm::StringRef Name,
                                     unsigned BodyScope) const {
  if (Labels.empty())
    return false;
  for (unsigned S = BodyScope;; S = ScopeParent[S]) {
    if (Labels.count(ScopedName::of(S, Name)))
      return true;
    if (S == 0)
      return false;
  }
}

bool FunctionChecker::isDeclared(llvm::StringRef Name, const char *Use) const {
  return isBound(Name, Use) || isLabelVisible(Name);
}

bool FunctionChecker::isBound(llvm::StringRef Name, const char *Use) const {
  llvm::StringRef Prefix;
  uint64_t Index;
  if (!Ranges.empty() && splitIndexed(Name, Prefix, Index)) {
    if (Prefix != CachedPrefix) {
      auto It = Ranges.find(Prefix);
      CachedPrefix = Prefix;
      CachedCount = It != Ranges.end() ? It->second.VisibleCount : 0;
    }
    if (Index < CachedCount)
      return true;
  }
  return Names.count(Name) || Globals.isDeclaredBefore(Name, Use) ||
         isSpecialName(Name);
}

bool FunctionChecker::lookUpDeclared(uint32_t Id, llvm::StringRef Name,
                                     const char *Use) {
  if (Id == RegisterNames::None)
    return isDeclared(Name, Use);
  if (isBound(Id, Name, Use)) {
    DeclaredAsOf[Id] = ScopeEpoch;
    return true;
  }
  // A label's visibility changes with the scope it is used in: it is
  // asked each time.
  return isLabelVisible(Name);
}

bool FunctionChecker::isBound(uint32_t Id, llvm::StringRef Name,
                              const char *Use) {
  if (!Ranges.empty()) {
    RegisterNameMap::Shape S = NameIds->shape(Id);
    if (S.Prefix != RegisterNameMap::None) {
      PrefixRange &R = PrefixRanges[S.Prefix];
      if (R.Epoch != RangeEpoch) {
        auto It = Ranges.find(NameIds->prefix(S.Prefix));
        R = {RangeEpoch, It != Ranges.end() ? It->second.VisibleCount : 0};
      }
      if (S.Number < R.Count)
        return true;
    }
  }
  return isBound(Name, Use);
}

void FunctionChecker::checkName(const Operand &O, bool IsBranch) {
  uint32_t Id = NameIds ? NameIds->of(O) : RegisterNames::None;
  if (!isDeclared(Id, O.text(), O.src().Begin))
    undeclared(O, IsBranch);
}

void FunctionChecker::undeclared(const Operand &O, bool IsBranch) {
  if (LabelsComplete)
    return reportUndeclared(O, IsBranch, rangeNote(O.text()));
  auto [It, New] = UnresolvedIndex.try_emplace(
      ScopedName::of(BodyScopes.back(), O.text()),
      static_cast<uint32_t>(UnresolvedNames.size()));
  if (New)
    UnresolvedNames.push_back(Unresolved{O.text(), BodyScopes.back(), {}});
  std::vector<UnresolvedUse> &Uses = UnresolvedNames[It->second].Uses;
  if (!Sink.errorCap() || Uses.size() < Sink.errorCap())
    Uses.push_back(UnresolvedUse{O, IsBranch, rangeNote(O.text())});
}

FunctionChecker::RangeNote
FunctionChecker::rangeNote(llvm::StringRef Name) const {
  // '%r4' with '.reg .b32 %r<4>' is the classic off-by-one.
  llvm::StringRef Prefix;
  uint64_t Index;
  if (!splitIndexed(Name, Prefix, Index))
    return {};
  auto It = Ranges.find(Prefix);
  if (It == Ranges.end())
    return {};
  return RangeNote{Prefix, It->second.Decl, It->second.RangeCount};
}

void FunctionChecker::reportUndeclared(const Operand &O, bool IsBranch,
                                       const RangeNote &N) {
  reportUndeclared(O, IsBranch, N, Sink);
}

void FunctionChecker::reportUndeclared(const Operand &O, bool IsBranch,
                                       const RangeNote &N, DiagnosticSink &To) {
  llvm::StringRef Name = O.text();
  DiagID ID = O.Kind == OperandKind::Register ? DiagID::err_undeclared_register
              : IsBranch                      ? DiagID::err_undefined_label
                                              : DiagID::err_undeclared_symbol;
  Diagnostic &D = To.report(ID, O.src().range(), {shortName(Name)});
  if (N.Count > 0) {
    llvm::StringRef Prefix = N.Prefix;
    D.note(DiagID::note_register_range, N.Decl.range(),
           {(llvm::Twine(Prefix) + "<" + llvm::Twine(N.Count) + ">").str(),
            (llvm::Twine(Prefix) + "0 .. " + Prefix + llvm::Twine(N.Count - 1))
                .str()});
  }
}

void FunctionChecker::checkOperands(const NodePool &Pool, IndexRange R,
                                    bool IsBranch) {
  for (const Operand &O : Pool.operands(R)) {
    // Most operands are a register: checked without the walk.
    if (O.Kind == OperandKind::Register)
      checkName(O, IsBranch);
    else
      forEachName(Pool, O, [&](const Operand &N) { checkName(N, IsBranch); });
  }
}

void FunctionChecker::collectLabels() {
  // Labels may be used before they are defined, so they are collected
  // first.  A label may be redefined in an inner scope.  Sized once: a -G
  // kernel's tens of thousands of labels grew the map again and again.
  Labels.reserve(Labels.size() + F.Labels.size());
  for (const Statement &S : F.Statements) {
    switch (S.Kind) {
    case StmtKind::ScopeBegin:
      ScopeParent.push_back(LabelScopes.back());
      LabelScopes.push_back(static_cast<unsigned>(ScopeParent.size() - 1));
      break;
    case StmtKind::ScopeEnd:
      if (LabelScopes.size() > 1)
        LabelScopes.pop_back();
      break;
    case StmtKind::Label: {
      Span L = F.Labels[S.Index];
      auto [It, New] =
          Labels.insert(ScopedName::of(LabelScopes.back(), L.text()));
      if (!New) {
        Sink.report(DiagID::err_label_redefinition, L.range(),
                    {shortName(L.text())})
            .note(DiagID::note_previous_label, It->span().range(),
                  {shortName(L.text())});
        break;
      }
      // A variable of an earlier piece, in this scope, was declared
      // before the label was known (declare reports the other order).
      if (const Binding *B =
              CheckedPiece ? boundInScope(L.text(), LabelScopes.back() + 1)
                           : nullptr)
        reportLabelClash(L, B->Decl);
      break;
    }
    default:
      break;
    }
  }
}

const FunctionChecker::Binding *
FunctionChecker::boundInScope(llvm::StringRef Name, unsigned Scope) const {
  auto It = Names.find(Name);
  if (It == Names.end())
    return nullptr;
  if (It->second.Scope == Scope)
    return &It->second;
  // Shadowed by an inner scope that is still open.
  for (size_t K = UndoLog.size(); K-- > 0;)
    if (!UndoLog[K].IsRange && UndoLog[K].Name == Name && UndoLog[K].Previous &&
        UndoLog[K].Previous->Scope == Scope)
      return &*UndoLog[K].Previous;
  return nullptr;
}

void FunctionChecker::begin() {
  ScopeParent.assign(1, 0);
  openScope();
  for (uint32_t P : F.Returns)
    declareAll(M, M.Declarations[P]);
  for (uint32_t P : F.Params)
    declareAll(M, M.Declarations[P]);
  // The body's own scope: a body may redeclare a parameter's name.
  openScope();
  BodyScopes.push_back(0);
}

void FunctionChecker::run() {
  begin();
  collectLabels();
  checkStatements();
}

void FunctionChecker::checkPiece() {
  LabelsComplete = false;
  collectLabels();
  checkStatements();
  CheckedPiece = true;
}

void FunctionChecker::finish() {
  LabelsComplete = true;
  std::vector<const UnresolvedUse *> Errors;
  for (const Unresolved &U : UnresolvedNames)
    if (!isLabelVisible(U.Name, U.BodyScope))
      for (const UnresolvedUse &Use : U.Uses)
        Errors.push_back(&Use);
  // In source order, as the whole body would report them.
  llvm::sort(Errors, [](const UnresolvedUse *A, const UnresolvedUse *B) {
    return A->Use.src().Begin < B->Use.src().Begin;
  });
  // Merged with the errors of the pieces by position, under the same cap:
  // the first errors are those the whole body would have reported first.
  DiagnosticSink Late(Sink.errorCap());
  for (const UnresolvedUse *E : Errors)
    reportUndeclared(E->Use, E->IsBranch, E->Note, Late);
  Sink.mergeBySource(std::move(Late));
  UnresolvedNames.clear();
  UnresolvedIndex.clear();
}

void FunctionChecker::checkStatements() {
  for (const Statement &S : F.Statements) {
    if (Sink.shouldStop())
      return;
    switch (S.Kind) {
    case StmtKind::ScopeBegin:
      openScope();
      BodyScopes.push_back(++NextBodyScope);
      break;
    case StmtKind::ScopeEnd:
      closeScope();
      if (BodyScopes.size() > 1)
        BodyScopes.pop_back();
      break;
    case StmtKind::Declaration: {
      const Declaration &D = F.Declarations[S.Index];
      checkInitializerSpace(F, D, Sink);
      Span Type = registerTypeOf(F, D);
      for (const Declarator &Dr : F.declarators(D.Declarators)) {
        checkOperands(F, Dr.Init, false);
        declare(Dr, Type);
      }
      break;
    }
    case StmtKind::Instruction: {
      const Instruction &I = F.Instructions[S.Index];
      uint32_t GuardId =
          NameIds ? NameIds->guardOf(S.Index) : RegisterNames::None;
      if (Span Reg = I.pred().Reg;
          Reg.valid() && !isDeclared(GuardId, Reg.text(), Reg.Begin)) {
        Operand G;
        G.Kind = OperandKind::Register;
        G.setSrc(Reg);
        undeclared(G, false);
      }
      checkOperands(F, I.Operands, I.is(OpJumps));
      if (Hook)
        Hook(S.Index, *this);
      break;
    }
    case StmtKind::Label:
    case StmtKind::Directive:
      break;
    }
  }
}

} // namespace

void ModuleSymbols::build(const Module &M, DiagnosticSink &Sink) {
  for (uint32_t I = 0; I < M.Functions.size(); ++I) {
    const Function &F = M.Functions[I];
    auto [It, New] = Names.try_emplace(F.Name.text(), Entry{F.Name, F.HasBody});
    if (New) {
      It->second.Function = Functions.size();
      Functions.emplace_back();
      if (!F.Name.text().empty())
        FunctionFirst.set(static_cast<unsigned char>(F.Name.text().front()));
    }
    FunctionName &FN = Functions[It->second.Function];
    if (F.HasBody)
      FN.LastBody = I;
    else if (FN.FirstDeclaration == FunctionName::None)
      FN.FirstDeclaration = I;
    if (!New && F.HasBody) {
      if (It->second.IsDefinition)
        Sink.report(DiagID::err_redefinition, F.Name.range(),
                    {readableFunctionName(F.Name.text())})
            .note(DiagID::note_previous_definition, It->second.Decl.range(),
                  {readableFunctionName(F.Name.text())});
      It->second.IsDefinition = true;
    }
  }
  for (uint32_t G : M.Globals) {
    const Declaration &D = M.Declarations[G];
    checkInitializerSpace(M, D, Sink);
    if (D.Space.text() == ".local")
      for (const Declarator &Dr : M.declarators(D.Declarators))
        Sink.report(DiagID::err_module_local, Dr.Name.range(),
                    {shortName(Dr.Name.text())})
            .note(DiagID::note_module_local, {}, {});
    bool IsExtern = false;
    for (const Span &Q : M.qualifiers(D.Qualifiers))
      IsExtern |= Q.text() == ".extern";
    IsExtern |= D.Src.text().starts_with(".extern");
    for (const Declarator &Dr : M.declarators(D.Declarators)) {
      auto [It, New] =
          Names.try_emplace(Dr.Name.text(), Entry{Dr.Name, !IsExtern});
      if (!New && !IsExtern) {
        if (It->second.IsDefinition)
          Sink.report(DiagID::err_redefinition, Dr.Name.range(),
                      {shortName(Dr.Name.text())})
              .note(DiagID::note_previous_definition, It->second.Decl.range(),
                    {shortName(Dr.Name.text())});
        It->second.IsDefinition = true;
      }
    }
  }
  // Initializers name module-level variables and functions (generic(v),
  // 0xFF(v), v+4): ptxas rejects others ("Invalid initial value symbol").
  for (uint32_t G : M.Globals)
    for (const Declarator &Dr : M.declarators(M.Declarations[G].Declarators))
      for (const Operand &O : M.operands(Dr.Init))
        forEachName(M, O, [&](const Operand &N) {
          if (!Names.count(N.text()))
            Sink.report(DiagID::err_undeclared_symbol, N.src().range(),
                        {shortName(N.text())});
        });
}

class tcgen05::BodySymbolChecker::State : public FunctionChecker {
  using FunctionChecker::FunctionChecker;
};

tcgen05::BodySymbolChecker::BodySymbolChecker(const Module &M,
                                              const ModuleSymbols &Globals,
                                              const Function &F,
                                              DiagnosticSink &Sink,
                                              InstructionHook Hook)
    : S(std::make_unique<State>(M, Globals, F, Sink, Hook, nullptr)) {
  S->begin();
}

tcgen05::BodySymbolChecker::~BodySymbolChecker() = default;

void tcgen05::BodySymbolChecker::checkPiece() { S->checkPiece(); }

void tcgen05::BodySymbolChecker::finish() { S->finish(); }

void tcgen05::checkFunctionSymbols(const Module &M,
                                   const ModuleSymbols &Globals,
                                   const Function &F, DiagnosticSink &Sink,
                                   InstructionHook Hook,
                                   const RegisterNames *Names) {
  FunctionChecker(M, Globals, F, Sink, Hook, Names).run();
}
