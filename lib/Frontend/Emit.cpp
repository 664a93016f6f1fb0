//===- Emit.cpp - Validate, retarget and print a module -------------------===//

#include "tcgen05/Frontend/Emit.h"
#include "tcgen05/Basic/Parallel.h"

#include "tcgen05/Lower/Retarget.h"
#include "tcgen05/Print/Printer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

struct Attempt {
  CheckStatus Status = CheckStatus::Errors;
  std::vector<Diagnostic> Diags;
  unsigned BufferID = 0;
};

class Emitter {
public:
  Emitter(llvm::SourceMgr &SM, unsigned BufferID, DiagnosticsEngine &Engine,
          const EmitOptions &Opts)
      : SM(SM), BufferID(BufferID), Engine(Engine), Opts(Opts),
        Text(SM.getMemoryBuffer(BufferID)->getBuffer()),
        Name(SM.getMemoryBuffer(BufferID)->getBufferIdentifier()) {}

  CheckStatus run(llvm::raw_ostream &OS);

private:
  /// Prints the final attempt, after warning if the version went down.
  CheckStatus finish(const Attempt &Final, unsigned Version,
                     llvm::raw_ostream &OS);
  /// Retargets to Version into a new buffer of S and checks it there.
  Attempt attempt(llvm::SourceMgr &S, unsigned Version, DiagnosticsEngine &E);
  void remarkOldest(unsigned Chosen, const TargetInfo &T, const Attempt *Below,
                    unsigned BelowVersion, llvm::SourceMgr &TrialSM);

  llvm::SourceMgr &SM;
  unsigned BufferID;
  DiagnosticsEngine &Engine;
  const EmitOptions &Opts;
  llvm::StringRef Text;
  std::string Name;
  Module Original;
};

Attempt Emitter::attempt(llvm::SourceMgr &S, unsigned Version,
                         DiagnosticsEngine &E) {
  Attempt A;
  RetargetRequest Req{Opts.Check.Target, Version};
  DiagnosticSink Sink;
  std::vector<TextEdit> Edits = planRetarget(Original, Req, Sink);
  if (Sink.numErrors()) {
    // Reported against the input, which is in SM.
    Sink.sortBySource();
    if (&S == &SM)
      E.emitAll(&SM, Sink.diagnostics());
    A.Diags = std::move(Sink.diagnostics());
    return A;
  }
  A.BufferID = S.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(applyEdits(Text, Edits), Name),
      llvm::SMLoc());
  CheckOptions Check = Opts.Check;
  Check.Target.clear(); // Written into the text now.
  // Each blocker of the target asked for is explained where it is.
  Check.FoldUnsupportedTarget = Opts.Check.Target.empty();
  unsigned Before = E.numErrors();
  A.Status = checkBuffer(S, A.BufferID, E, Check);
  if (E.numErrors() > Before && A.Status == CheckStatus::Clean)
    A.Status = CheckStatus::Errors;
  return A;
}

CheckStatus Emitter::run(llvm::raw_ostream &OS) {
  DiagnosticSink Discard;
  parseModule(Text, Original, Discard, Opts.Check.Parse);

  std::optional<TargetInfo> T;
  if (!Opts.Check.Target.empty())
    T = lookupTarget(Opts.Check.Target);
  else
    for (const Span &N : Original.Target.Names)
      if (std::optional<TargetInfo> Named = lookupTarget(N.text()))
        T = Named;
  unsigned ModuleVersion = Original.VersionMajor * 10 + Original.VersionMinor;
  bool Rewrites = !Opts.Check.Target.empty() || !Opts.PtxVersion.empty();
  if (!Rewrites || !T || !Original.Version.valid() || Discard.numErrors()) {
    // Nothing to rewrite, or nothing that could be: the input as it is.
    CheckStatus S = checkBuffer(SM, BufferID, Engine, Opts.Check);
    if (S != CheckStatus::Clean)
      return S;
    printModule(Original, OS, Opts.Check.Pool);
    return CheckStatus::Clean;
  }

  unsigned Chosen = std::max(ModuleVersion, T->MinPTX);
  if (Opts.PtxVersion == "auto") {
    // The oldest version that checks clean; what the one below it lacks
    // says which features decide.
    llvm::SourceMgr TrialSM;
    CollectingDiagnosticConsumer Trials;
    DiagnosticOptions TrialOpts = Engine.options();
    TrialOpts.ErrorLimit = 0; // Every blocker counts in the remark.
    std::optional<Attempt> Below;
    unsigned BelowVersion = 0;
    bool Found = false;
    for (unsigned V : knownPTXVersions()) {
      if (V < T->MinPTX)
        continue;
      DiagnosticsEngine TrialEngine(Trials, TrialOpts);
      Trials.Diags.clear();
      Attempt A = attempt(TrialSM, V, TrialEngine);
      if (A.Status == CheckStatus::Clean) {
        Chosen = V;
        Found = true;
        break;
      }
      if (A.Diags.empty())
        A.Diags = std::move(Trials.Diags);
      Below = std::move(A);
      BelowVersion = V;
    }
    if (Found) {
      Attempt Final = attempt(SM, Chosen, Engine);
      if (Final.Status != CheckStatus::Clean)
        return Final.Status;
      remarkOldest(Chosen, *T, Below ? &*Below : nullptr, BelowVersion,
                   TrialSM);
      return finish(Final, Chosen, OS);
    }
  } else if (!Opts.PtxVersion.empty()) {
    Chosen = *parsePTXVersion(Opts.PtxVersion);
  }
  Attempt Final = attempt(SM, Chosen, Engine);
  if (Final.Status != CheckStatus::Clean)
    return Final.Status;
  return finish(Final, Chosen, OS);
}

CheckStatus Emitter::finish(const Attempt &Final, unsigned Version,
                            llvm::raw_ostream &OS) {
  unsigned ModuleVersion = Original.VersionMajor * 10 + Original.VersionMinor;
  if (Version < ModuleVersion) {
    unsigned Before = Engine.numErrors();
    Engine.emit(&SM, Diagnostic::make(DiagID::warn_version_lowered,
                                      Original.Version.range(),
                                      {formatPTXVersion(ModuleVersion),
                                       formatPTXVersion(Version)}));
    if (Engine.numErrors() > Before) // -Werror
      return CheckStatus::Errors;
  }
  Module M;
  DiagnosticSink Discard;
  parseModule(SM.getMemoryBuffer(Final.BufferID)->getBuffer(), M, Discard,
              Opts.Check.Parse);
  printModule(M, OS, Opts.Check.Pool);
  return CheckStatus::Clean;
}

void Emitter::remarkOldest(unsigned Chosen, const TargetInfo &T,
                           const Attempt *Below, unsigned BelowVersion,
                           llvm::SourceMgr &TrialSM) {
  Diagnostic R =
      Diagnostic::make(DiagID::remark_oldest_version, Original.Version.range(),
                       {formatPTXVersion(Chosen), T.Name.str()});
  if (!Below) {
    R.note(DiagID::note_target_min_version, {},
           {T.Name.str(), formatPTXVersion(T.MinPTX)});
  } else {
    // One note per distinct reason, at its first place.  The trial's buffer
    // has the input's lines: the note points at the input.
    struct Reason {
      std::string Message;
      llvm::SMRange At;
      unsigned More = 0;
    };
    std::vector<Reason> Reasons;
    for (const Diagnostic &D : Below->Diags) {
      if (D.Sev != Severity::Error)
        continue;
      auto Same = llvm::find_if(
          Reasons, [&](const Reason &X) { return X.Message == D.Message; });
      if (Same != Reasons.end()) {
        ++Same->More;
        continue;
      }
      llvm::SMRange At;
      if (D.Range.Start.isValid() &&
          SM.FindBufferContainingLoc(D.Range.Start)) {
        At = D.Range; // Planning reports against the input itself.
      } else if (D.Range.Start.isValid()) {
        // The token keeps its length; a rewrite earlier on its line may
        // shift it, which only moves the underline.
        auto [Line, Col] = TrialSM.getLineAndColumn(D.Range.Start);
        llvm::SMLoc L = SM.FindLocForLineAndColumn(BufferID, Line, Col);
        size_t Len = D.Range.End.isValid()
                         ? D.Range.End.getPointer() - D.Range.Start.getPointer()
                         : 0;
        const char *Last = SM.getMemoryBuffer(BufferID)->getBufferEnd();
        const char *P = L.getPointer();
        At = llvm::SMRange(L, llvm::SMLoc::getFromPointer(
                                  P ? std::min(P + Len, Last) : nullptr));
      }
      Reasons.push_back({D.Message, At});
    }
    for (const Reason &X : Reasons)
      if (X.More)
        R.note(DiagID::note_version_blocker_more, X.At,
               {formatPTXVersion(BelowVersion), X.Message, X.More});
      else
        R.note(DiagID::note_version_blocker, X.At,
               {formatPTXVersion(BelowVersion), X.Message});
  }
  Engine.emit(&SM, std::move(R));
}

} // namespace

CheckStatus tcgen05::emitBuffer(llvm::SourceMgr &SM, unsigned BufferID,
                                DiagnosticsEngine &Engine,
                                const EmitOptions &Opts,
                                llvm::raw_ostream &OS) {
  // The output goes out only whole: nothing is written if checks fail.
  std::string Out;
  llvm::raw_string_ostream Buffer(Out);
  // Checking and printing share one pool.
  EmitOptions Shared = Opts;
  std::unique_ptr<llvm::ThreadPoolInterface> OwnPool;
  if (!Shared.Check.Pool)
    Shared.Check.Pool = (OwnPool = makeThreadPool(Opts.Check.Threads)).get();
  CheckStatus S = Emitter(SM, BufferID, Engine, Shared).run(Buffer);
  if (S == CheckStatus::Clean)
    OS << Out;
  return S;
}

CheckStatus tcgen05::emitFile(llvm::StringRef Path, llvm::SourceMgr &SM,
                              DiagnosticsEngine &Engine,
                              const EmitOptions &Opts, llvm::raw_ostream &OS) {
  unsigned ID = 0;
  CheckStatus S = loadFile(Path, SM, Engine, ID, inputLimit(Path, Opts.Check));
  if (S != CheckStatus::Clean)
    return S;
  return emitBuffer(SM, ID, Engine, Opts, OS);
}
