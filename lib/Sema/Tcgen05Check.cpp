//===- Tcgen05Check.cpp - Run the tcgen05 rule tables ---------------------===//
//
// The engine is generic: which words, operands, widths and targets each
// form accepts all come from lib/Sema/Tcgen05/*.def.  The few rules that
// compute something (vector length from shape and .num) read their tables
// too.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Sema/Tcgen05Check.h"

#include "Immediates.h"
#include "Tcgen05/Rules.h"

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/Suggest.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

using namespace tcgen05;
using namespace tcgen05::rules;

RegisterLookup::~RegisterLookup() = default;

unsigned tcgen05::typeWidth(llvm::StringRef T) {
  if (T == ".pred")
    return 1;
  if (T.size() < 3)
    return 0;
  llvm::StringRef Digits = T.drop_front(2);
  if (T.starts_with(".bf16"))
    return T.ends_with("x2") ? 32 : 16;
  if (T.ends_with("x2"))
    return T.starts_with(".f16") ? 32 : 0;
  unsigned Bits = 0;
  if ((T[1] == 'b' || T[1] == 'u' || T[1] == 's' || T[1] == 'f') &&
      !Digits.getAsInteger(10, Bits))
    return Bits;
  return 0;
}

namespace {

using QC = Tcgen05QualClass;
using Role = Tcgen05OperandRole;

struct QualUse {
  QC Class;
  Span Word;
};

struct OperandUse {
  Role R;
  const Operand *Op;
};

/// The words of a "a|b|c" table entry.
std::vector<std::string> splitBars(llvm::StringRef Bars) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Bars.split(Parts, '|');
  return std::vector<std::string>(Parts.begin(), Parts.end());
}

bool inList(llvm::StringRef Bars, llvm::StringRef Word) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Bars.split(Parts, '|');
  return llvm::is_contained(Parts, Word);
}

/// A name operand's declared type, through the lookup.
std::optional<llvm::StringRef> declaredType(const RegisterLookup &Regs,
                                            const Operand &O) {
  if (O.Kind != OperandKind::Register && O.Kind != OperandKind::Symbol)
    return std::nullopt;
  return Regs.registerType(O.text());
}

std::string citation(llvm::StringRef Section) { return Section.str(); }

class InstructionChecker {
public:
  InstructionChecker(const Module &M, const Function &F, uint32_t Index,
                     const RegisterLookup &Regs, DiagnosticSink &Sink)
      : M(M), F(F), T(F.Tcgen05[Index]), I(F.Instructions[T.Instruction]),
        Regs(Regs), Sink(Sink) {}

  void run();

private:
  std::optional<Form> detectForm();
  void checkFormTarget();
  void checkQualifiers();
  void checkRequired();
  void checkCombinations();
  void checkLdStVector();
  /// The .num that the values vector of a tcgen05.ld/st implies, when
  /// Word looks like a misspelt one and none is given; empty otherwise.
  std::string numMeantByVector(llvm::StringRef Word) const;
  void checkDisableOutputLane();
  void checkKind();
  void checkOperands();
  void checkOperand(const OperandRule &R, const Operand &O);
  void checkRegisterWidth(const OperandRule &R, const Operand &O,
                          llvm::StringRef What);
  /// The same, for an operand whose declared type was already looked up.
  void checkRegisterWidth(const OperandRule &R, const Operand &O,
                          llvm::StringRef What,
                          std::optional<llvm::StringRef> Type);

  const QualUse *find(llvm::StringRef Spelling) const {
    for (const QualUse &Q : Quals)
      if (Q.Word.text() == Spelling)
        return &Q;
    return nullptr;
  }
  const QualUse *findClass(QC C) const {
    for (const QualUse &Q : Quals)
      if (Q.Class == C)
        return &Q;
    return nullptr;
  }
  const OperandUse *findRole(Role R) const {
    for (const OperandUse &O : Ops)
      if (O.R == R)
        return &O;
    return nullptr;
  }
  llvm::StringRef name() const { return formInfo(*TheForm).Spelling; }
  /// PTX's type compatibility within a vector (ptxas: "Vector with
  /// elements of different types"): a bit-size type goes with any type of
  /// its size, .uN with .sN; floating point only with itself.
  static bool compatibleTypes(llvm::StringRef A, llvm::StringRef B) {
    if (A == B || A.starts_with(".b") || B.starts_with(".b"))
      return true;
    auto Int = [](llvm::StringRef T) {
      return T.starts_with(".u") || T.starts_with(".s");
    };
    return Int(A) && Int(B) && typeWidth(A) == typeWidth(B);
  }
  /// Whether O names a variable, the module's or one the function
  /// declares, rather than a register.
  bool isVariable(const Operand &O) const {
    if (O.Kind != OperandKind::Symbol || Regs.registerType(O.text()))
      return false;
    for (uint32_t G : M.Globals)
      for (const Declarator &D : M.declarators(M.Declarations[G].Declarators))
        if (D.Name.text() == O.text())
          return true;
    for (const Declaration &Decl : F.Declarations)
      for (const Declarator &D : F.declarators(Decl.Declarators))
        if (D.Name.text() == O.text())
          return true;
    return false;
  }
  std::string quotedName() const { return name().str(); }
  std::vector<std::string> valuesOfClass(QC C) const;
  /// Notes which qualifiers Of accepts.
  void noteValues(Diagnostic &D, llvm::StringRef Of,
                  std::vector<std::string> Values);
  Diagnostic &cite(Diagnostic &D, llvm::StringRef Section) {
    return D.note(
        DiagID::note_cite, {},
        {citation(TheForm ? ruleSection(Section, *TheForm) : Section)});
  }

  /// Classes of the qualifiers misspelled words stand for.
  llvm::SmallVector<QC, 2> Misspelled;
  const Module &M;
  const Function &F;
  const Tcgen05Inst &T;
  const Instruction &I;
  const RegisterLookup &Regs;
  DiagnosticSink &Sink;

  std::optional<Form> TheForm;
  bool TargetKnown = false;
  bool FormSupported = true;
  unsigned Version = 0;
  unsigned TargetVersion = 0;
  llvm::SmallVector<QualUse, 8> Quals;
  llvm::SmallVector<QualUse, 4> Variants;
  llvm::SmallVector<OperandUse, 8> Ops;
};

std::optional<Form> InstructionChecker::detectForm() {
  return tcgen05FormOf(T.Opcode, [&](llvm::StringRef W) {
    return llvm::any_of(Variants,
                        [&](const QualUse &Q) { return Q.Word.text() == W; });
  });
}

std::vector<std::string> InstructionChecker::valuesOfClass(QC C) const {
  std::vector<std::string> Out;
  llvm::StringSet<> Seen;
  for (const QualRule &R : qualifierRules())
    if ((R.Forms & bitOf(*TheForm)) && (C == QC::Unknown || R.Class == C) &&
        Seen.insert(R.Spelling).second)
      Out.push_back(R.Spelling.str());
  return Out;
}

void InstructionChecker::noteValues(Diagnostic &D, llvm::StringRef Of,
                                    std::vector<std::string> Values) {
  if (Values.empty())
    D.note(DiagID::note_tcgen05_no_values, {}, {Of});
  else
    D.note(DiagID::note_tcgen05_valid_values, {},
           {Of, DiagArg::list(std::move(Values))});
}

void InstructionChecker::run() {
  for (uint32_t K = 0; K < T.NumQualifiers; ++K) {
    const Tcgen05Qualifier &Q = F.Tcgen05Nodes.Qualifiers[T.FirstQualifier + K];
    QualUse U{Q.Class, F.Qualifiers[Q.Qualifier]};
    if (Q.Class == QC::Variant)
      Variants.push_back(U);
    else
      Quals.push_back(U);
  }
  for (uint32_t K = 0; K < T.NumOperands; ++K) {
    const Tcgen05Operand &O = F.Tcgen05Nodes.Operands[T.FirstOperand + K];
    Ops.push_back({O.Role, &F.Operands[O.Operand]});
  }
  TheForm = detectForm();
  if (!TheForm)
    return; // The grammar reported the malformed name.
  Version = M.VersionMajor * 10 + M.VersionMinor;
  TargetKnown = M.EffectiveTarget.has_value();
  // Whether a target has a feature does not depend on a .version too old
  // for the target itself: that is reported once, at .target (TC1120).
  TargetVersion =
      TargetKnown ? std::max(Version, M.EffectiveTarget->MinPTX) : Version;
  checkFormTarget();
  checkQualifiers();
  checkRequired();
  checkCombinations();
  checkLdStVector();
  checkDisableOutputLane();
  checkKind();
  checkOperands();
}

void InstructionChecker::checkFormTarget() {
  const FormInfo &Info = formInfo(*TheForm);
  Span At = I.opcode();
  At.End = Variants.empty() ? I.opcode().End : Variants.back().Word.End;
  if (TargetKnown &&
      !targetSetContains(Info.Targets, *M.EffectiveTarget, TargetVersion)) {
    FormSupported = false;
    Diagnostic &D = Sink.report(DiagID::err_tcgen05_target, At.range(),
                                {quotedName(), M.EffectiveTarget->Name.str()});
    D.note(DiagID::note_tcgen05_supported_on, {},
           {quotedName(), describeTargetSet(Info.Targets)});
    cite(D, Info.Section);
  }
  if (M.Version.valid() && Version < Info.MinPTX)
    cite(Sink.report(DiagID::err_tcgen05_version, At.range(),
                     {quotedName(), formatPTXVersion(Info.MinPTX)}),
         Info.Section);
}

void InstructionChecker::checkQualifiers() {
  // A word of the name written twice (tcgen05.mma.sp.sp): ptxas "Multiple
  // sparsity modifiers".
  for (size_t K = 0; K < Variants.size(); ++K)
    for (size_t J = 0; J < K; ++J)
      if (Variants[J].Word.text() == Variants[K].Word.text()) {
        cite(Sink.report(DiagID::err_tcgen05_qual_duplicate,
                         Variants[K].Word.range(),
                         {quotedName(), Variants[K].Word.text().str()}),
             formInfo(*TheForm).Section);
        break;
      }
  llvm::SmallVector<const QualUse *, 8> SeenClass(
      static_cast<unsigned>(QC::Unknown) + 1, nullptr);
  for (const QualUse &Q : Quals) {
    llvm::StringRef W = Q.Word.text();
    const QualRule *R = findQualifier(*TheForm, W);
    if (!R) {
      const QualRule *Other = findAnyQualifier(W);
      Diagnostic &D = Sink.report(DiagID::err_tcgen05_qual_invalid,
                                  Q.Word.range(), {W.str(), quotedName()});
      // A misspelling of one of the form's qualifiers gets a fix-it, and
      // stands for the qualifier: no second error says it is missing.
      std::string Near = Other ? std::string() : numMeantByVector(W);
      if (!Other && Near.empty())
        Near = closestSpelling(W, valuesOfClass(QC::Unknown));
      if (!Near.empty()) {
        D.suggest(Q.Word.range(), Near);
        if (const QualRule *Meant = findQualifier(*TheForm, Near))
          Misspelled.push_back(Meant->Class);
      } else {
        QC C = Other ? Other->Class : QC::Unknown;
        noteValues(D, quotedName(), valuesOfClass(C));
      }
      cite(D, formInfo(*TheForm).Section);
      continue;
    }
    const QualUse *&Prev = SeenClass[static_cast<unsigned>(R->Class)];
    if (Prev && !(classRule(R->Class).Repeatable && Prev->Word.text() == W)) {
      Diagnostic &D =
          Sink.report(DiagID::err_tcgen05_qual_duplicate, Q.Word.range(),
                      {quotedName(), classRule(R->Class).Noun.str()});
      D.note(DiagID::note_tcgen05_previous_qualifier, Prev->Word.range(),
             {classRule(R->Class).Noun.str()});
      continue;
    }
    Prev = &Q;
    // A word newer than .version is reported as such; the targets it would
    // need at that version are beside the point.
    bool TooNew = R->MinPTX && M.Version.valid() && Version < R->MinPTX;
    if (!TooNew && FormSupported && TargetKnown &&
        !targetSetContains(R->Targets, *M.EffectiveTarget, TargetVersion)) {
      Diagnostic &D =
          Sink.report(DiagID::err_tcgen05_qual_target, Q.Word.range(),
                      {W.str(), quotedName(), M.EffectiveTarget->Name.str()});
      D.note(DiagID::note_tcgen05_qual_supported_on, {},
             {W, describeTargetSet(R->Targets)});
      cite(D, R->Section);
    }
    if (TooNew)
      cite(Sink.report(DiagID::err_tcgen05_qual_version, Q.Word.range(),
                       {W.str(), quotedName(), formatPTXVersion(R->MinPTX)}),
           R->Section);
  }
}

void InstructionChecker::checkRequired() {
  for (const RequireRule &R : requireRules()) {
    if (!(R.Forms & bitOf(*TheForm)) || findClass(R.Class) ||
        llvm::is_contained(Misspelled, R.Class))
      continue;
    Diagnostic &D =
        Sink.report(DiagID::err_tcgen05_qual_missing, I.opcode().range(),
                    {quotedName(), classRule(R.Class).Noun.str()});
    noteValues(D, quotedName(), valuesOfClass(R.Class));
    cite(D, R.Section);
  }
}

void InstructionChecker::checkCombinations() {
  for (const ComboRule &C : comboRules()) {
    if (!(C.Forms & bitOf(*TheForm)))
      continue;
    switch (C.Kind) {
    case ComboKind::Needs: {
      const QualUse *If = find(C.If);
      if (!If || llvm::any_of(Quals, [&](const QualUse &Q) {
            return inList(C.Other, Q.Word.text());
          }))
        break;
      // A wrong word of the needed class is an exclusion, reported as one.
      const QualRule *Need = findAnyQualifier(C.Other.split('|').first);
      if (Need && findClass(Need->Class))
        break;
      cite(Sink.report(DiagID::err_tcgen05_qual_needs, If->Word.range(),
                       {C.If, quotedName(), DiagArg::list(splitBars(C.Other))}),
           C.Section);
      break;
    }
    case ComboKind::Excludes: {
      const QualUse *If = find(C.If);
      if (!If)
        break;
      for (const QualUse &Q : Quals)
        if (inList(C.Other, Q.Word.text()))
          cite(Sink.report(DiagID::err_tcgen05_qual_excludes, Q.Word.range(),
                           {Q.Word.text().str(), C.If.str(), quotedName()}),
               C.Section);
      break;
    }
    case ComboKind::OnlyWithOperand: {
      const OperandUse *O = findRole(C.Role);
      bool HasQual = llvm::any_of(Quals, [&](const QualUse &Q) {
        return inList(C.Other, Q.Word.text());
      });
      if (O && !HasQual)
        cite(Sink.report(DiagID::err_tcgen05_operand_presence,
                         O->Op->src().range(),
                         {tcgen05OperandRoleName(C.Role), quotedName(),
                          DiagArg::list(splitBars(C.Other))}),
             C.Section);
      else if (!O && HasQual)
        cite(Sink.report(DiagID::err_tcgen05_operand_required, I.src().range(),
                         {tcgen05OperandRoleName(C.Role), quotedName(),
                          DiagArg::list(splitBars(C.Other))}),
             C.Section);
      break;
    }
    case ComboKind::QualNeedsOperand: {
      const QualUse *If = find(C.If);
      if (If && !findRole(C.Role))
        cite(Sink.report(DiagID::err_tcgen05_qual_needs_operand,
                         If->Word.range(),
                         {C.If, quotedName(), tcgen05OperandRoleName(C.Role)}),
             C.Section);
      break;
    }
    case ComboKind::Before: {
      const QualUse *A = findClass(C.First), *B = findClass(C.Second);
      if (A && B && B->Word.Begin < A->Word.Begin)
        cite(Sink.report(
                 DiagID::err_tcgen05_qual_order, A->Word.range(),
                 {A->Word.text().str(), B->Word.text().str(), quotedName()}),
             C.Section);
      break;
    }
    }
  }
}

std::string InstructionChecker::numMeantByVector(llvm::StringRef Word) const {
  // '.x3' with four registers in 32x32b is '.x4': the vector says which
  // .num was meant, where spelling alone cannot choose among .x2, .x4, .x32.
  if (!(bitOf(*TheForm) & LdStForms) || !Word.starts_with(".x") ||
      findClass(QC::Num))
    return std::string();
  const QualUse *Shape = findClass(QC::Shape);
  const OperandUse *Values = findRole(Role::Values);
  const LdStShape *S = Shape ? findLdStShape(Shape->Word.text()) : nullptr;
  if (!S || !Values || Values->Op->Kind != OperandKind::Vector)
    return std::string();
  unsigned Count = Values->Op->children().Count, N = Count / S->RegistersAtX1;
  if (!N || N * S->RegistersAtX1 != Count || N > S->MaxNum || (N & (N - 1)))
    return std::string();
  std::string Num = ".x" + std::to_string(N);
  return findQualifier(*TheForm, Num) ? Num : std::string();
}

void InstructionChecker::checkLdStVector() {
  if (!(bitOf(*TheForm) & LdStForms))
    return;
  const QualUse *Shape = findClass(QC::Shape), *Num = findClass(QC::Num);
  const OperandUse *Values = findRole(Role::Values);
  if (!Shape || !Num)
    return;
  const LdStShape *S = findLdStShape(Shape->Word.text());
  unsigned N = 0;
  if (!S || Num->Word.text().drop_front(2).getAsInteger(10, N))
    return;
  if (N > S->MaxNum) {
    cite(Sink.report(
             DiagID::err_tcgen05_num_for_shape, Num->Word.range(),
             {Num->Word.text().str(), Shape->Word.text().str(), quotedName()}),
         "9.7.16.8.3, Table 47");
    return;
  }
  if (!Values || Values->Op->Kind != OperandKind::Vector)
    return;
  unsigned Want = S->RegistersAtX1 * N;
  if (Values->Op->children().Count != Want)
    cite(Sink.report(DiagID::err_tcgen05_vector_length,
                     Values->Op->src().range(),
                     {"r", quotedName(), Want,
                      Shape->Word.text().str() + Num->Word.text().str(),
                      Values->Op->children().Count}),
         "9.7.16.8.3, Table 47");
}

void InstructionChecker::checkDisableOutputLane() {
  const OperandUse *Lanes = findRole(Role::DisableOutputLane);
  const QualUse *Group = findClass(QC::CtaGroup);
  if (!Lanes || !Group || Lanes->Op->Kind != OperandKind::Vector)
    return;
  // One 32-bit mask per lane group: 4 for one CTA, 8 for a CTA pair.
  unsigned Want = Group->Word.text() == ".cta_group::2" ? 8 : 4;
  if (Lanes->Op->children().Count != Want)
    cite(Sink.report(DiagID::err_tcgen05_vector_length,
                     Lanes->Op->src().range(),
                     {"disable-output-lane", quotedName(), Want,
                      Group->Word.text(), Lanes->Op->children().Count}),
         formInfo(*TheForm).Section);
}

void InstructionChecker::checkKind() {
  const QualUse *Kind = findClass(QC::Kind);
  const KindRule *K = Kind ? findKind(Kind->Word.text()) : nullptr;
  // A kind the form does not take was reported as such.
  if (!K || !findQualifier(*TheForm, K->Kind))
    return;
  llvm::StringRef KindWord = K->Kind;
  const QualUse *Scale = findClass(QC::BlockScale);
  const QualUse *Vec = findClass(QC::ScaleVec);
  if (K->BlockScale == BlockScaleUse::Forbidden && Scale) {
    cite(Sink.report(DiagID::err_tcgen05_qual_excludes, Scale->Word.range(),
                     {".block_scale", KindWord.str(), quotedName()}),
         K->Section);
  } else if (K->BlockScale == BlockScaleUse::Required && !Scale) {
    cite(Sink.report(DiagID::err_tcgen05_qual_needs, Kind->Word.range(),
                     {KindWord, quotedName(), DiagArg::list({".block_scale"})}),
         K->Section);
  }
  if (Vec && K->BlockScale == BlockScaleUse::Required &&
      !inList(K->ScaleVecs, Vec->Word.text())) {
    Diagnostic &D =
        Sink.report(DiagID::err_tcgen05_qual_excludes, Vec->Word.range(),
                    {Vec->Word.text().str(), KindWord.str(), quotedName()});
    noteValues(D, KindWord, splitBars(K->ScaleVecs));
    cite(D, K->Section);
  }
  if (!Vec && Scale && K->BlockScale == BlockScaleUse::Required) {
    if (K->DefaultScaleVec.empty()) {
      Diagnostic &D = Sink.report(DiagID::err_tcgen05_qual_needs_scale_vec,
                                  Kind->Word.range(), {KindWord, quotedName()});
      noteValues(D, KindWord, splitBars(K->ScaleVecs));
      cite(D, K->Section);
    } else if (const QualRule *Def =
                   findQualifier(*TheForm, K->DefaultScaleVec)) {
      // The omitted size is the default one, with its requirements.
      std::string Default = Def->Spelling.str();
      auto Explain = [&](Diagnostic &D) {
        D.note(DiagID::note_tcgen05_default_size, Scale->Word.range(),
               {KindWord.str(), Default});
        cite(D, Def->Section);
      };
      bool TooNew = Def->MinPTX && M.Version.valid() && Version < Def->MinPTX;
      if (TooNew)
        Explain(Sink.report(
            DiagID::err_tcgen05_qual_version, Scale->Word.range(),
            {Default, quotedName(), formatPTXVersion(Def->MinPTX)}));
      else if (FormSupported && TargetKnown &&
               !targetSetContains(Def->Targets, *M.EffectiveTarget,
                                  TargetVersion))
        Explain(Sink.report(
            DiagID::err_tcgen05_qual_target, Scale->Word.range(),
            {Default, quotedName(), M.EffectiveTarget->Name.str()}));
    }
  }
  if (const OperandUse *D = findRole(Role::ScaleInputD);
      D && K->ScaleInputD == ScaleInputDUse::Forbidden)
    cite(Sink.report(DiagID::err_tcgen05_operand_presence, D->Op->src().range(),
                     {"scale-input-d", quotedName(),
                      DiagArg::list({".kind::f16", ".kind::tf32"})}),
         formInfo(*TheForm).Section);
  if (K->MaxOperands && Ops.size() > K->MaxOperands)
    cite(Sink.report(DiagID::err_tcgen05_too_many_operands,
                     Ops.back().Op->src().range(),
                     {quotedName(), KindWord, K->MaxOperands}),
         K->Section);
  bool Sparse = *TheForm == Form::MmaSp || *TheForm == Form::MmaWsSp;
  if (Sparse && FormSupported && TargetKnown &&
      !targetSetContains(K->SparseTargets, *M.EffectiveTarget, TargetVersion)) {
    Diagnostic &D = Sink.report(
        DiagID::err_tcgen05_qual_target, Kind->Word.range(),
        {KindWord.str(), quotedName(), M.EffectiveTarget->Name.str()});
    D.note(DiagID::note_tcgen05_sparse_supported_on, {},
           {KindWord, describeTargetSet(K->SparseTargets)});
    cite(D, formInfo(*TheForm).Section);
  }
}

void InstructionChecker::checkOperands() {
  const QualUse *Kind = findClass(QC::Kind);
  const KindRule *K = Kind ? findKind(Kind->Word.text()) : nullptr;
  bool TrailingUnchecked = K && K->ScaleInputD == ScaleInputDUse::Unchecked;
  if (const OperandUse *E = findRole(Role::ExtraImm)) {
    if (findRole(Role::DisableOutputLane))
      cite(Sink.report(DiagID::err_tcgen05_operand_not_with,
                       E->Op->src().range(),
                       {"extra-imm", quotedName(), "disable-output-lane"}),
           formInfo(*TheForm).Section);
    else
      Sink.report(DiagID::warn_tcgen05_undocumented_operand,
                  E->Op->src().range(),
                  {"extra-imm", quotedName(), DiagArg::range(0, 15)});
  }
  for (const OperandUse &O : Ops) {
    // .kind::i8's trailing operands: ptxas checks that they are immediates
    // (or, for scale-input-d, a predicate), not their range.
    if (TrailingUnchecked &&
        (O.R == Role::ScaleInputD || O.R == Role::ExtraImm)) {
      std::optional<llvm::StringRef> Type = declaredType(Regs, *O.Op);
      bool Predicate = O.R == Role::ScaleInputD && Type && *Type == ".pred";
      if (!isImmediate(F, *O.Op) && !Predicate)
        cite(Sink.report(DiagID::err_tcgen05_operand_form, O.Op->src().range(),
                         {tcgen05OperandRoleName(O.R).str(), quotedName(),
                          O.R == Role::ScaleInputD
                              ? "an immediate or a predicate"
                              : "an immediate"}),
             formInfo(*TheForm).Section);
      continue;
    }
    if (const OperandRule *R = findOperand(*TheForm, O.R))
      checkOperand(*R, *O.Op);
    for (const OperandTargetRule &T : operandTargetRules())
      if ((T.Forms & bitOf(*TheForm)) && T.Role == O.R && FormSupported &&
          TargetKnown &&
          !targetSetContains(T.Targets, *M.EffectiveTarget, TargetVersion)) {
        std::string Role = tcgen05OperandRoleName(O.R).str();
        Diagnostic &D =
            Sink.report(DiagID::err_tcgen05_qual_target, O.Op->src().range(),
                        {Role, quotedName(), M.EffectiveTarget->Name.str()});
        D.note(DiagID::note_tcgen05_supported_on, {},
               {Role, describeTargetSet(T.Targets)});
        cite(D, T.Section);
      }
  }
}

void InstructionChecker::checkRegisterWidth(const OperandRule &R,
                                            const Operand &O,
                                            llvm::StringRef What) {
  checkRegisterWidth(R, O, What, declaredType(Regs, O));
}

void InstructionChecker::checkRegisterWidth(
    const OperandRule &R, const Operand &O, llvm::StringRef What,
    std::optional<llvm::StringRef> Type) {
  if (!Type)
    return;
  unsigned Width = typeWidth(*Type);
  bool IsFloat = Type->starts_with(".f");
  bool NotBitSize = (R.Accept & BitSizeRegister) && !Type->starts_with(".b");
  if ((R.Bits && Width && Width != R.Bits) || (IsFloat && !R.Float) ||
      NotBitSize) {
    std::string Want = R.Bits ? std::to_string(R.Bits) + "-bit" : "";
    if (R.Accept & BitSizeRegister)
      Want +=
          R.Bits ? " bit-size (.b" + std::to_string(R.Bits) + ")" : "bit-size";
    else if (!R.Float)
      Want += R.Bits ? " integer or bit-size" : "integer or bit-size";
    cite(Sink.report(DiagID::err_tcgen05_operand_width, O.src().range(),
                     {What, quotedName(), Want, O.text().str(), Type->str()}),
         R.Section);
  }
}

void InstructionChecker::checkOperand(const OperandRule &R, const Operand &O) {
  llvm::StringRef Role = tcgen05OperandRoleName(R.Role);
  auto Expect = [&](const char *What) {
    cite(Sink.report(DiagID::err_tcgen05_operand_form, O.src().range(),
                     {Role, quotedName(), What}),
         R.Section);
  };
  bool IsName =
      O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol;
  // A variable's name where a register belongs: ptxas "must be register".
  if (IsName && isVariable(O) && R.Shape != OperandForm::Addr)
    return Expect("a register, not a variable");
  switch (R.Shape) {
  case OperandForm::Reg:
    if ((R.Accept & OneElementVector) && O.Kind == OperandKind::Vector &&
        O.children().Count == 1)
      return checkOperand(R, F.Operands[O.children().First]);
    if (!IsName)
      return Expect("a register");
    return checkRegisterWidth(R, O, Role);
  case OperandForm::Imm:
  case OperandForm::RegOrImm: {
    if (isImmediate(F, O)) {
      const Operand &Lit =
          O.Kind == OperandKind::Integer ? O : F.Operands[O.children().First];
      // Sign and magnitude, in unsigned arithmetic: the literal may be
      // any 64-bit pattern, and -9223372036854775808 must not overflow.
      uint64_t Mag = Lit.value();
      bool Neg = O.Kind == OperandKind::Unary && Mag != 0;
      bool Ranged = R.Min != 0 || R.Max != 0;
      if (Ranged && (!inRange(Neg, Mag, R.Min, R.Max) || Lit.Overflow)) {
        cite(Sink.report(
                 DiagID::err_tcgen05_operand_range, O.src().range(),
                 {Role, quotedName(), DiagArg::range(R.Min, R.Max), O.text()}),
             R.Section);
      } else if (R.Step == -1 && (Neg || (Mag & (Mag - 1)) != 0)) {
        cite(Sink.report(DiagID::err_tcgen05_operand_power_of_two,
                         O.src().range(), {Role, quotedName(), O.text()}),
             R.Section);
      } else if (R.Step > 0 && Mag % static_cast<uint64_t>(R.Step) != 0) {
        cite(Sink.report(DiagID::err_tcgen05_operand_multiple, O.src().range(),
                         {Role, quotedName(), R.Step, O.text()}),
             R.Section);
      }
      return;
    }
    if (R.Shape == OperandForm::Imm)
      return Expect("an immediate");
    if (!IsName)
      return Expect("a register or an immediate");
    return checkRegisterWidth(R, O, Role);
  }
  case OperandForm::Addr: {
    if (O.Kind != OperandKind::Address)
      return Expect("an address in brackets");
    if (O.children().Count != 1)
      return;
    const Operand &Inner = F.Operands[O.children().First];
    const Operand &Base = Inner.Kind == OperandKind::Binary
                              ? F.Operands[Inner.children().First]
                              : Inner;
    // An immediate address is the .local space's alone; a variable names
    // shared memory, not Tensor Memory.
    if (Base.Kind != OperandKind::Register && Base.Kind != OperandKind::Symbol)
      return Expect("a register in brackets");
    if (isVariable(Base))
      return (R.Accept & SymbolAddress)
                 ? void()
                 : Expect("a register in brackets, not a variable");
    // An address register is 32- or 64-bit whatever the instruction.
    if (!R.Bits)
      if (std::optional<llvm::StringRef> Type = declaredType(Regs, Base)) {
        unsigned W = typeWidth(*Type);
        if (W && W != 32 && W != 64) {
          cite(Sink.report(DiagID::err_tcgen05_operand_width,
                           Base.src().range(),
                           {Role, quotedName(), "32- or 64-bit",
                            Base.text().str(), Type->str()}),
               R.Section);
          return;
        }
      }
    return checkRegisterWidth(R, Base, Role);
  }
  case OperandForm::Vec: {
    if (O.Kind != OperandKind::Vector)
      return Expect("a vector of registers in braces");
    // The distinct types so far: a .x128 vector has one or two.
    llvm::SmallVector<llvm::StringRef, 4> Seen;
    std::string Element = Role.str() + " element";
    for (const Operand &E : F.operands(O.children())) {
      if ((R.Accept & ImmediateElements) && isImmediate(F, E))
        continue;
      if ((E.Kind != OperandKind::Register && E.Kind != OperandKind::Symbol) ||
          isVariable(E))
        return Expect((R.Accept & ImmediateElements)
                          ? "a vector of registers and immediates, without '_'"
                          : "a vector of registers, without immediates or '_'");
      std::optional<llvm::StringRef> Type = declaredType(Regs, E);
      if ((R.Accept & SameTypeElements) && Type &&
          llvm::any_of(Seen, [&](llvm::StringRef T) {
            return !compatibleTypes(T, *Type);
          }))
        return Expect("a vector of registers of compatible types");
      if (Type && !llvm::is_contained(Seen, *Type))
        Seen.push_back(*Type);
      checkRegisterWidth(R, E, Element, Type);
    }
    return;
  }
  case OperandForm::Pred: {
    if (isImmediate(F, O))
      return;
    const Operand &P = O.Kind == OperandKind::Unary && O.Op == '!'
                           ? F.Operands[O.children().First]
                           : O;
    if (P.Kind != OperandKind::Register && P.Kind != OperandKind::Symbol)
      return Expect("a predicate");
    std::optional<llvm::StringRef> Type = declaredType(Regs, P);
    if (Type && *Type != ".pred")
      cite(Sink.report(
               DiagID::err_tcgen05_operand_width, P.src().range(),
               {Role, quotedName(), "predicate", P.text().str(), Type->str()}),
           R.Section);
    return;
  }
  }
}

} // namespace

void tcgen05::checkTcgen05Instruction(const Module &M, const Function &F,
                                      uint32_t Index,
                                      const RegisterLookup &Regs,
                                      DiagnosticSink &Sink) {
  InstructionChecker(M, F, Index, Regs, Sink).run();
}
