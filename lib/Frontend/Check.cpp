//===- Check.cpp - Load, parse and check PTX inputs -----------------------===//

#include "tcgen05/Frontend/Check.h"

#include "tcgen05/Analysis/FunctionAnalyses.h"
#include "tcgen05/Basic/Parallel.h"
#include "tcgen05/Frontend/ReadInput.h"
#include "tcgen05/Sema/InstructionCheck.h"
#include "tcgen05/Frontend/Baseline.h"
#include "tcgen05/Frontend/CudaSource.h"
#include "tcgen05/Frontend/Suppressions.h"
#include "tcgen05/Basic/FindText.h"
#include "tcgen05/Sema/ModuleChecks.h"
#include "tcgen05/Sema/Symbols.h"
#include "tcgen05/Sema/Tcgen05Check.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <cstring>
#include <optional>

using namespace tcgen05;

namespace {

/// What every item of the parallel stage shares.  The module, its symbols
/// and its summaries exist only once the module pass has ended and Ready is
/// open: a body met early is parsed before that, and waits there.
struct StageContext {
  const Module &M;
  const ModuleSymbols &Symbols;
  const CheckOptions &Opts;
  unsigned Cap;
  SideWork &Side;
  const Latch &Ready;
};

/// One item of the parallel stage, with what it reports: a function's body,
/// or .section contents the module pass left (F null).
struct CheckItem {
  CheckItem(Function *F, Span Text, size_t Index, unsigned Cap)
      : F(F), Text(Text), Index(Index), Sink(Cap) {}
  Function *F;
  Span Text;
  size_t Index; ///< Into M.Functions, or into M.SectionContents.
  DiagnosticSink Sink;
  CtaGroupSummary Summary;
  AnalysisStats Stats;
  /// Started as the module pass met it: an item large next to the rest.
  bool Early = false;
  /// A body whose text holds a suppression marker (looked for on the
  /// item's thread, so that a module without one costs no serial scan).
  bool HasMarker = false;
  size_t size() const { return Text.End - Text.Begin; }
};

/// Body-level work for one function: parse, then run the per-function
/// checks, then free the body.  Diagnostics stay in the function's sink.
/// Each phase reports in source order into a sink of its own, capped at the
/// error limit; the first N errors of the function are then among the first
/// N of each phase, whichever phase found them.
void checkBody(const StageContext &C, CheckItem &Item, Function &Scratch,
               Tcgen05SyntaxParser &T5) {
  const Module &M = C.M;
  const ModuleSymbols &Symbols = C.Symbols;
  const CheckOptions &Opts = C.Opts;
  Function &F = *Item.F;
  DiagnosticSink &Sink = Item.Sink;
  CtaGroupSummary &Summary = Item.Summary;
  AnalysisStats &Stats = Item.Stats;
  SideWork &Side = C.Side;
  unsigned Cap = C.Cap;
  DiagnosticSink SymbolSink(Cap), RuleSink(Cap);
  auto CheckInstruction = [&](uint32_t Inst, const RegisterLookup &Regs) {
    checkInstruction(M, F, Inst, Regs, RuleSink);
  };
  ++Stats.Functions;
  // A long body without tcgen05 instructions, which no analysis looks at,
  // is checked a piece at a time as it is parsed.
  std::optional<BodySymbolChecker> Pieces;
  auto CheckPiece = [&] {
    Pieces->checkPiece();
    appendSummary(Summary, summarizeCtaGroups(F, Symbols));
    Stats.Statements += F.Statements.size();
    F.clearBody();
  };
  auto TakePiece = [&] {
    if (!Pieces) {
      if (!F.Tcgen05.empty() || F.namesTcgen05())
        return false;
      C.Ready.wait();
      Pieces.emplace(M, Symbols, F, SymbolSink, CheckInstruction);
      ++Stats.FunctionsInPieces;
    }
    CheckPiece();
    return true;
  };
  // The body is built in the worker's scratch storage, whose capacity
  // survives from function to function.
  ParsedBody Body(F, Scratch, Sink, &T5, Opts.Parse,
                  BodySegments{Opts.BodyPieceStatements, TakePiece});
  C.Ready.wait();
  if (Pieces) {
    CheckPiece();
    Pieces->finish();
    Sink.append(std::move(SymbolSink));
    Sink.append(std::move(RuleSink));
    return;
  }
  FunctionAnalyses Shared(F);
  Stats.Statements += F.Statements.size();
  Stats.Tcgen05Instructions += F.Tcgen05.size();
  // The analyses look only at functions with tcgen05 instructions; their
  // names are numbered once, before the symbol checks, which share them.
  // A body with a syntax error is not the program its author meant: a
  // misspelt tcgen05.commit would read as an MMA never committed.  The
  // analyses leave it to the error.
  bool Parsed = Opts.AnalyzeInvalidFunctions || Sink.numErrors() == 0;
  bool AnalysesRun = Parsed && !F.Tcgen05.empty() && Opts.Lint.any();
  const RegisterNames *Names = AnalysesRun ? &Shared.names() : nullptr;
  // The symbol checks and the summary read only the body and the names,
  // and write only their sinks and the summary: another worker may run them
  // beside this one's analyses.  For a body large next to the rest (-G's
  // one kernel, much of the stage) it does so before its next item; for
  // one of many alike (FMHA's kernels) only once it has none: taken early,
  // they kept the body's worker waiting (docs/performance.md).
  auto CheckSymbols = [&] {
    checkFunctionSymbols(M, Symbols, F, SymbolSink, CheckInstruction, Names);
    Summary = summarizeCtaGroups(F, Symbols);
  };
  SideWork::Task SymbolTask;
  Side.offer(SymbolTask, CheckSymbols, /*First=*/Item.Early);
  DiagnosticSink DescSink(Cap);
  if (Parsed)
    runFunctionLints(M, F, DescSink, Opts.Lint, Stats, Shared);
  Side.finish(SymbolTask);
  Sink.append(std::move(SymbolSink));
  Sink.append(std::move(RuleSink));
  Sink.append(std::move(DescSink));
}

} // namespace

namespace {

/// The furthest place in Text that showing Sink's findings reads: their
/// ranges, their notes' and their fix-its'.
const char *lastShownPlace(const DiagnosticSink &Sink, llvm::StringRef Text) {
  const char *Last = Text.begin();
  auto See = [&](llvm::SMRange R) {
    for (llvm::SMLoc L : {R.Start, R.End})
      if (const char *P = L.getPointer();
          P && P >= Text.begin() && P <= Text.end())
        Last = std::max(Last, P);
  };
  for (const Diagnostic &D : Sink.diagnostics()) {
    See(D.Range);
    for (const DiagNote &N : D.Notes)
      See(N.Range);
    for (const FixIt &F : D.FixIts)
      See(F.Range);
  }
  return Last;
}

/// The largest input whose node pools go onto whole huge pages.
constexpr size_t WholeHugePagesInput = size_t(2) << 20;

/// checkBuffer; NulFree when the reader has already looked for NUL bytes
/// and found none, which spares a pass over the whole input.  Pages, when
/// given, takes back the contents of each .section once they are checked.
/// Whether the module's ignore comments can be judged, each found to
/// silence something or not (TC0013), and if not, why.
enum class CommentJudgement {
  Judge,
  Off,             ///< The warning would not be shown.
  Cut,             ///< The error cap cut the check short (TC0011 says so).
  SyntaxError,     ///< Analyses stayed off a function with one.
  AnalysisStopped, ///< An analysis gave up or skipped a kernel (a remark).
};

CommentJudgement judgeComments(const DiagnosticsEngine &Engine,
                               const DiagnosticSink &Sink) {
  const DiagnosticOptions &O = Engine.options();
  if (O.IgnoreWarnings ||
      Engine.groupDisabled(diagGroup(DiagID::warn_unused_suppression)))
    return CommentJudgement::Off;
  if (Sink.errorCap() && Sink.numErrors() >= Sink.errorCap())
    return CommentJudgement::Cut;
  if (llvm::any_of(Sink.diagnostics(), [](const Diagnostic &D) {
        return D.Sev == Severity::Error && !isAcceptable(D.code());
      }))
    return CommentJudgement::SyntaxError;
  if (llvm::any_of(Sink.diagnostics(), [](const Diagnostic &D) {
        return D.Sev == Severity::Remark;
      }))
    return CommentJudgement::AnalysisStopped;
  return CommentJudgement::Judge;
}

/// Whether the text the module pass read itself (between the bodies and
/// the .section contents, which hold DWARF data) has a suppression marker.
bool markersOutsideBodies(llvm::StringRef Text,
                          const std::deque<CheckItem> &Work) {
  const char *From = Text.begin();
  auto Has = [](const char *B, const char *E) {
    return B < E && findText(llvm::StringRef(B, E - B), SuppressionMarker) !=
                        llvm::StringRef::npos;
  };
  for (const CheckItem &Item : Work) {
    if (Has(From, Item.Text.Begin))
      return true;
    From = std::max(From, Item.Text.End);
  }
  return Has(From, Text.end());
}

/// Whether a finding of Codes (empty: any code) would have been reported
/// had it been there: no option turned its group off, so its analysis ran.
bool wouldReport(const DiagnosticOptions &O, llvm::ArrayRef<unsigned> Codes) {
  if (Codes.empty())
    return O.DisabledGroups.empty();
  for (unsigned Code : Codes) {
    std::optional<DiagID> ID = Code ? lookupDiagCode(Code) : std::nullopt;
    if (!ID)
      continue; // A misspelt code silences nothing, whatever the options.
    llvm::StringRef Group = diagGroup(*ID);
    if (!Group.empty() && groupSilenced(O, Group))
      return false;
  }
  return true;
}

CheckStatus checkText(llvm::SourceMgr &SM, unsigned BufferID,
                      DiagnosticsEngine &Engine, const CheckOptions &Options,
                      AnalysisStats *Stats, bool NulFree,
                      InputPages *Pages = nullptr) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point Start = Clock::now();
  auto Micros = [](Clock::time_point From, Clock::time_point To) {
    return static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(To - From)
            .count());
  };
  // Analyses whose every finding is silenced are not run.
  CheckOptions Opts = Options;
  Opts.Lint.CheckHazards &= !Engine.groupDisabled("tcgen05-hazards");
  for (DiagID ID : hazardDiagnostics())
    if (Engine.groupDisabled(diagGroup(ID)))
      Opts.Lint.SilencedHazards.push_back(ID);
  const llvm::MemoryBuffer *Buf = SM.getMemoryBuffer(BufferID);
  llvm::StringRef Text = Buf->getBuffer();
  std::string Name = Buf->getBufferIdentifier().str();
  // One error past the limit is kept, so that the engine knows the report
  // was cut and says so (TC0011).
  unsigned Limit = Engine.options().ErrorLimit;
  unsigned Cap = Limit ? Limit + 1 : 0;
  unsigned ErrorsBefore = Engine.numErrors();

  if (Text.empty()) {
    Diagnostic D = Diagnostic::make(DiagID::err_empty_input, {}, {Name}, Name);
    Engine.emit(&SM, std::move(D));
    return CheckStatus::Errors;
  }
  if (const void *Nul =
          NulFree ? nullptr : std::memchr(Text.data(), 0, Text.size())) {
    // A NUL byte means this is not text: one diagnostic, not thousands.
    DiagnosticSink Sink;
    const char *P = static_cast<const char *>(Nul);
    Sink.report(DiagID::err_binary_input,
                llvm::SMRange(Span(P, P + 1).loc(), Span(P, P + 1).range().End),
                {Name});
    Engine.emitAll(&SM, Sink.diagnostics());
    return CheckStatus::Errors;
  }

  // Whole huge pages for the node pools: their first fill is a good part
  // of a small kernel's check, and the memory this costs is small next to
  // the program's own pages.  A larger input spreads the fill over bodies
  // that reuse the storage (FMHA's check was no faster), and its memory
  // counts: FMHA's peak rose (docs/performance.md).
  if (Text.size() <= WholeHugePagesInput)
    Opts.Parse.WholeHugePages = true;

  Module M;
  M.BufferID = BufferID;
  DiagnosticSink ModuleSink(Cap);
  ParseOptions ParseOpts = Opts.Parse;
  ParseOpts.DeferSectionContents = true;

  // Ignore comments are looked for only where one could be judged unused;
  // otherwise only near findings (Suppressions::near).
  bool LookForMarkers =
      !Engine.options().IgnoreWarnings &&
      !Engine.groupDisabled(diagGroup(DiagID::warn_unused_suppression));
  std::unique_ptr<llvm::ThreadPoolInterface> OwnPool;
  llvm::ThreadPoolInterface *Pool = Opts.Pool;
  // Per worker: a tcgen05 parser (its shape cache, backed by the shared
  // one) and body storage.
  std::unique_ptr<Tcgen05ShapeCache> OwnShapes;
  Tcgen05ShapeCache *Shapes = Opts.ShapeCache;
  if (!Shapes)
    Shapes = (OwnShapes = std::make_unique<Tcgen05ShapeCache>()).get();
  std::vector<std::unique_ptr<Tcgen05SyntaxParser>> Parsers;
  std::vector<Function> Scratch;

  // The work items: the bodies and the .section contents the module pass
  // leaves (a -G module's DWARF data is most of its text), in the order
  // the pass meets them.
  std::deque<CheckItem> Work;
  ModuleSymbols Symbols;
  Latch Ready;
  SideWork Side;
  StageContext Context{M, Symbols, Opts, Cap, Side, Ready};
  // Made when the first item starts early or the pass ends; a pool of the
  // check's own, when the caller gave none, only when there are items to
  // share.
  std::optional<ItemStream<CheckItem *>> Stream;
  auto MakeStream = [&](bool Share) {
    if (Stream)
      return;
    if (!Pool && Share)
      Pool = (OwnPool = makeThreadPool(Opts.Threads)).get();
    Stream.emplace(
        Pool,
        [&](unsigned W) {
          Parsers[W] = std::make_unique<Tcgen05SyntaxParser>(Shapes);
        },
        [&](unsigned W, CheckItem *Item) {
          if (!Item->F) {
            checkSectionContents(Item->Text, Item->Sink);
            if (Pages)
              Pages->giveBack(Item->Text.text());
            return;
          }
          if (LookForMarkers)
            Item->HasMarker = findText(Item->Text.text(), SuppressionMarker) !=
                              llvm::StringRef::npos;
          checkBody(Context, *Item, Scratch[W], *Parsers[W]);
        },
        &Side);
    Parsers.resize(Stream->maxWorkers());
    Scratch.resize(Stream->maxWorkers());
  };
  // An item this large starts on a worker as soon as the pass meets it: a
  // -G module's one large kernel, at the start of its text, is parsed
  // while the pass scans the rest.  Starting early gains at most the pass's
  // time, which is short, and costs the largest-first order, which sizes
  // each worker's storage once: FMHA's many kernels of about one size,
  // started as met, took more memory (docs/performance.md).
  size_t Early = Opts.EarlyItemBytes
                     ? Opts.EarlyItemBytes
                     : std::max<size_t>(size_t(1) << 20, Text.size() / 16);
  bool MayShare = Opts.Pool || Opts.Threads != 1;
  parseModule(Text, M, ModuleSink, ParseOpts, [&](Function *F, Span T) {
    CheckItem &Item = Work.emplace_back(
        F, T, F ? M.Functions.size() - 1 : M.SectionContents.size() - 1, Cap);
    if (MayShare && Item.size() >= Early) {
      MakeStream(/*Share=*/true);
      if (Stream->maxWorkers() > 1) {
        Stream->start(Stream->maxWorkers());
        Item.Early = true;
        Stream->push(&Item);
      }
    }
  });
  DiagnosticSink SymbolSink(Cap);
  checkModuleTarget(M, Opts.Target, SymbolSink);
  Symbols.build(M, SymbolSink);
  ModuleSink.append(std::move(SymbolSink));
  Ready.open();
  Clock::time_point PassEnd = Clock::now();

  // The rest largest first, so that no thread is left with a large one at
  // the end while the others wait.
  std::vector<CheckItem *> Rest;
  for (CheckItem &Item : Work)
    if (!Item.Early)
      Rest.push_back(&Item);
  MakeStream(/*Share=*/Work.size() > 1);
  unsigned Workers = parallelWorkers(Pool, Work.size());
  // One worker takes the .section contents first, so that pages given
  // back are gone before the bodies' nodes are built (the -G kernel's).
  if (Workers > 1)
    llvm::stable_sort(Rest, [](const CheckItem *A, const CheckItem *B) {
      return A->size() > B->size();
    });
  else if (Pages)
    std::stable_partition(Rest.begin(), Rest.end(),
                          [](const CheckItem *A) { return !A->F; });
  for (CheckItem *Item : Rest)
    Stream->push(Item);
  Stream->start(Workers);
  Stream->finish();
  Clock::time_point BodiesEnd = Clock::now();

  std::vector<CtaGroupSummary> Summaries(M.Functions.size());
  for (bool Bodies : {true, false})
    for (CheckItem &Item : Work)
      if (bool(Item.F) == Bodies)
        ModuleSink.append(std::move(Item.Sink));
  for (CheckItem &Item : Work) {
    if (Item.F)
      Summaries[Item.Index] = std::move(Item.Summary);
    if (Stats)
      *Stats += Item.Stats;
  }
  DiagnosticSink KernelSink(Cap);
  checkKernelCtaGroups(M, Symbols, Summaries, Opts.SeparateCompilation,
                       KernelSink);
  checkUnresolvedFunctions(M, Symbols, Summaries, Opts.SeparateCompilation,
                           KernelSink);
  ModuleSink.append(std::move(KernelSink));
  if (Opts.FoldUnsupportedTarget)
    foldUnsupportedTarget(M, ModuleSink);
  // What is shown of a diagnostic reads the text up to it, and no further:
  // the pages given back after the last place a finding shows stay so (a
  // -G module's DWARF, after a remark about its kernel), unless CUDA
  // source notes read the names of inlined functions in that DWARF.  The
  // bodies' storage goes first, so that the pages read again do not add to
  // it.
  if (Pages && Pages->any() && !ModuleSink.diagnostics().empty()) {
    Scratch.clear();
    Scratch.shrink_to_fit();
    bool ReadsDebugInfo =
        addsCudaSourceNotes(M, Text, ModuleSink.diagnostics());
    if (!(ReadsDebugInfo
              ? Pages->restore()
              : Pages->restoreUpTo(lastShownPlace(ModuleSink, Text))))
      Engine.emit(
          &SM, Diagnostic::make(DiagID::err_input_changed, {}, {Name}, Name));
  }
  ModuleSink.sortBySource();
  unsigned ByComments = 0, ByBaseline = 0;
  // Ignore comments silence findings near them (Suppressions::near, the
  // lines of the findings only); every comment of the text is read only
  // when there is one to judge (TC0013).
  bool HasMarkers =
      LookForMarkers &&
      (llvm::any_of(Work, [](const CheckItem &I) { return I.HasMarker; }) ||
       markersOutsideBodies(Text, Work));
  CommentJudgement Judgement =
      HasMarkers ? judgeComments(Engine, ModuleSink) : CommentJudgement::Off;
  if (Judgement == CommentJudgement::SyntaxError ||
      Judgement == CommentJudgement::AnalysisStopped) {
    // Not judging them is said, at the first comment, as an analysis that
    // could not run is.
    const char *At = Text.data() + findText(Text, SuppressionMarker);
    Diagnostic &D =
        ModuleSink.report(DiagID::remark_suppressions_not_judged,
                          llvm::SMRange(llvm::SMLoc::getFromPointer(At),
                                        llvm::SMLoc::getFromPointer(
                                            At + SuppressionMarker.size())));
    D.note(Judgement == CommentJudgement::SyntaxError
               ? DiagID::note_not_judged_syntax_error
               : DiagID::note_not_judged_analysis_stopped,
           {});
    ModuleSink.sortBySource();
  }
  if (Judgement == CommentJudgement::Judge) {
    Suppressions All(Text);
    ByComments = All.apply(SM, BufferID, ModuleSink.diagnostics());
    size_t Before = ModuleSink.diagnostics().size();
    All.reportUnused(
        SM, BufferID,
        [&](llvm::ArrayRef<unsigned> Codes) {
          return wouldReport(Engine.options(), Codes);
        },
        ModuleSink.diagnostics());
    if (ModuleSink.diagnostics().size() != Before)
      ModuleSink.sortBySource();
  } else if (!ModuleSink.diagnostics().empty()) {
    ByComments = Suppressions::near(SM, BufferID, ModuleSink.diagnostics())
                     .apply(SM, BufferID, ModuleSink.diagnostics());
  }
  if (Opts.RecordFindings)
    Opts.RecordFindings->record(SM, ModuleSink.diagnostics());
  if (Opts.KnownFindings)
    ByBaseline = Opts.KnownFindings->apply(SM, ModuleSink.diagnostics());
  Engine.countHidden(ByComments, ByBaseline);
  addCudaSourceNotes(M, Text, ModuleSink.diagnostics());
  Engine.emitAll(&SM, ModuleSink.diagnostics());
  if (Stats) {
    Stats->ModulePassMicros += Micros(Start, PassEnd);
    Stats->BodiesMicros += Micros(PassEnd, BodiesEnd);
    Stats->EndMicros += Micros(BodiesEnd, Clock::now());
  }
  return Engine.numErrors() > ErrorsBefore ? CheckStatus::Errors
                                           : CheckStatus::Clean;
}

/// loadFile; NulFree tells whether the reader found no NUL byte.
CheckStatus loadText(llvm::StringRef Path, llvm::SourceMgr &SM,
                     DiagnosticsEngine &Engine, unsigned &BufferID,
                     uint64_t MaxSize, llvm::StringRef StdinName,
                     llvm::ThreadPoolInterface *Pool, bool &NulFree) {
  // Diagnostics about standard input name it as the caller does.
  llvm::StringRef Name = Path == "-" && !StdinName.empty() ? StdinName : Path;
  auto IOError = [&](DiagID ID, llvm::ArrayRef<DiagArg> Args) {
    Diagnostic D = Diagnostic::make(ID, {}, Args, Name.str());
    Engine.emit(nullptr, std::move(D));
    return CheckStatus::IOError;
  };
  if (Path != "-" && llvm::sys::fs::is_directory(Path))
    return IOError(DiagID::err_is_directory, {Name.str()});
  InputRead In =
      readInput(Path, MaxSize, StdinName.empty() ? "<stdin>" : StdinName, Pool);
  if (In.TooLarge && In.Size > DefaultMaxInputSize)
    return IOError(DiagID::err_input_too_large, {Name.str(), In.Size});
  if (In.TooLarge)
    return IOError(DiagID::err_input_over_limit, {Name.str(), MaxSize});
  if (!In.Buffer)
    return IOError(DiagID::err_cannot_open, {Name.str(), In.Error.message()});
  NulFree = !In.HasNul;
  BufferID = SM.AddNewSourceBuffer(std::move(In.Buffer), llvm::SMLoc());
  return CheckStatus::Clean;
}

} // namespace

CheckStatus tcgen05::checkBuffer(llvm::SourceMgr &SM, unsigned BufferID,
                                 DiagnosticsEngine &Engine,
                                 const CheckOptions &Opts,
                                 AnalysisStats *Stats) {
  return checkText(SM, BufferID, Engine, Opts, Stats, /*NulFree=*/false);
}

CheckStatus tcgen05::loadFile(llvm::StringRef Path, llvm::SourceMgr &SM,
                              DiagnosticsEngine &Engine, unsigned &BufferID,
                              uint64_t MaxSize, llvm::StringRef StdinName) {
  bool NulFree = false;
  return loadText(Path, SM, Engine, BufferID, MaxSize, StdinName,
                  /*Pool=*/nullptr, NulFree);
}

CheckStatus tcgen05::checkFile(llvm::StringRef Path, llvm::SourceMgr &SM,
                               DiagnosticsEngine &Engine,
                               const CheckOptions &Opts, AnalysisStats *Stats) {
  unsigned ID = 0;
  bool NulFree = false;
  llvm::sys::fs::file_status Before;
  bool Rereadable = Opts.GiveBackSections && Path != "-" &&
                    !llvm::sys::fs::status(Path, Before) &&
                    Before.type() == llvm::sys::fs::file_type::regular_file;
  auto ReadStart = std::chrono::steady_clock::now();
  CheckStatus S = loadText(Path, SM, Engine, ID, inputLimit(Path, Opts),
                           Opts.StdinName, Opts.Pool, NulFree);
  if (S != CheckStatus::Clean)
    return S;
  if (Stats)
    Stats->ReadMicros += static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(
            std::chrono::steady_clock::now() - ReadStart)
            .count());
  std::optional<InputPages> Pages;
  if (Rereadable)
    Pages.emplace(Path.str(), SM.getMemoryBuffer(ID)->getBuffer(), Before);
  return checkText(SM, ID, Engine, Opts, Stats, NulFree,
                   Pages ? &*Pages : nullptr);
}
