package core

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/protocol"
)

// ProtocolVersion is the version of the JSON protocol [Engine.Call] speaks.
const ProtocolVersion = protocol.Version

// Call answers one JSON protocol request (docs/PROTOCOL.md) with one JSON response. It
// is how both wasm builds and other hosts reach the engine; it never panics and always
// returns a valid response, with errors as {"ok":false,"error":{code,message,field}}.
func (e *Engine) Call(ctx context.Context, request []byte) []byte {
	return e.mux.Serve(ctx, request)
}

// Ops returns the protocol's op names.
func (e *Engine) Ops() []string { return e.mux.Ops() }

// nsArg is the namespace every op takes; absent means "default".
type nsArg struct {
	Namespace *string `json:"namespace,omitempty"`
}

func (a nsArg) namespace() string {
	if a.Namespace == nil {
		return "default"
	}
	return *a.Namespace
}

// handler adapts an op function to the protocol: closed engines first, then strict
// decoding of its args, then the namespace view.
func handler[A interface{ namespace() string }](e *Engine, fn func(context.Context, *Namespace, *A) (any, error)) protocol.Handler {
	return func(ctx context.Context, raw json.RawMessage) (any, error) {
		if err := e.checkOpen(); err != nil {
			return nil, err
		}
		var a A
		if err := protocol.Decode(raw, &a); err != nil {
			return nil, err
		}
		if err := checkGivenZero(raw); err != nil {
			return nil, err
		}
		ns, err := e.Namespace(a.namespace())
		if err != nil {
			return nil, err
		}
		return fn(ctx, ns, &a)
	}
}

type (
	helloArgs struct {
		nsArg
		Version string `json:"version,omitempty"`
	}
	rememberArgs struct {
		nsArg
		Memory   *MemoryInput  `json:"memory,omitempty"`
		Memories []MemoryInput `json:"memories,omitempty"`
	}
	idArgs struct {
		nsArg
		ID string `json:"id"`
	}
	listArgs struct {
		nsArg
		ListOptions
	}
	updateArgs struct {
		nsArg
		ID            string      `json:"id"`
		Patch         MemoryPatch `json:"patch"`
		ExpectVersion int64       `json:"expectVersion,omitempty"`
		Strategy      string      `json:"strategy,omitempty"`
	}
	forgetArgs struct {
		nsArg
		ForgetOptions
	}
	recallArgs struct {
		nsArg
		Query string `json:"query"`
		RecallOptions
	}
	appendTurnsArgs struct {
		nsArg
		SessionID string      `json:"sessionId"`
		Turns     []TurnInput `json:"turns"`
	}
	searchTurnsArgs struct {
		nsArg
		Query string `json:"query"`
		SearchTurnsOptions
	}
)

func (e *Engine) newMux() *protocol.Mux {
	m := protocol.NewMux(e.limits.MaxRequestBytes)
	m.Handle("hello", handler(e, func(ctx context.Context, n *Namespace, a *helloArgs) (any, error) {
		if a.Version != "" && a.Version != Version {
			return nil, errs.New(errs.Unsupported, "version",
				"the JS shim is version %s but the wasm engine is %s: install matching versions", a.Version, Version)
		}
		return map[string]any{"version": Version, "protocol": protocol.Version, "ops": m.Ops()}, nil
	}))
	m.Handle("remember", handler(e, func(ctx context.Context, n *Namespace, a *rememberArgs) (any, error) {
		in := a.Memories
		switch {
		case a.Memory != nil && a.Memories != nil:
			return nil, errs.New(errs.InvalidArgument, "memory", "give memory or memories, not both")
		case a.Memory != nil:
			res, err := n.RememberDetailed(ctx, *a.Memory)
			if err != nil {
				// Name the field as the caller gave it: memory.x, not memories[0].x.
				me := *errs.As(err)
				me.Field = strings.Replace(me.Field, "memories[0]", "memory", 1)
				return nil, &me
			}
			return res, nil
		case in == nil:
			return nil, errs.New(errs.InvalidArgument, "memories", "give memory or memories")
		}
		return n.RememberDetailed(ctx, in...)
	}))
	m.Handle("get", handler(e, func(ctx context.Context, n *Namespace, a *idArgs) (any, error) {
		mem, err := n.Get(ctx, a.ID)
		return map[string]any{"memory": mem}, err
	}))
	m.Handle("list", handler(e, func(ctx context.Context, n *Namespace, a *listArgs) (any, error) {
		return n.List(ctx, a.ListOptions)
	}))
	m.Handle("update", handler(e, func(ctx context.Context, n *Namespace, a *updateArgs) (any, error) {
		return n.UpdateDetailed(ctx, a.ID, a.Patch, UpdateOptions{ExpectVersion: a.ExpectVersion, Strategy: a.Strategy})
	}))
	m.Handle("forget", handler(e, func(ctx context.Context, n *Namespace, a *forgetArgs) (any, error) {
		return n.Forget(ctx, a.ForgetOptions)
	}))
	m.Handle("history", handler(e, func(ctx context.Context, n *Namespace, a *idArgs) (any, error) {
		h, err := n.History(ctx, a.ID)
		return map[string]any{"history": h}, err
	}))
	m.Handle("recall", handler(e, func(ctx context.Context, n *Namespace, a *recallArgs) (any, error) {
		hits, err := n.Recall(ctx, a.Query, a.RecallOptions)
		return map[string]any{"hits": hits}, err
	}))
	m.Handle("appendTurns", handler(e, func(ctx context.Context, n *Namespace, a *appendTurnsArgs) (any, error) {
		t, err := n.AppendTurns(ctx, a.SessionID, a.Turns)
		return map[string]any{"turns": t}, err
	}))
	m.Handle("searchTurns", handler(e, func(ctx context.Context, n *Namespace, a *searchTurnsArgs) (any, error) {
		hits, err := n.SearchTurns(ctx, a.Query, a.SearchTurnsOptions)
		return map[string]any{"hits": hits}, err
	}))
	m.Handle("stats", handler(e, func(ctx context.Context, n *Namespace, a *nsArg) (any, error) {
		return n.Stats(ctx)
	}))
	m.Handle("snapshot", handler(e, opSnapshot))
	m.Handle("restore", handler(e, opRestore))
	m.Handle("documents.get", handler(e, opDocumentsGet))
	m.Handle("documents.set", handler(e, opDocumentsSet))
	m.Handle("documents.list", handler(e, opDocumentsList))
	m.Handle("documents.delete", handler(e, opDocumentsDelete))
	m.Handle("scratchpad.set", handler(e, opScratchpadSet))
	m.Handle("scratchpad.get", handler(e, opScratchpadGet))
	m.Handle("scratchpad.list", handler(e, opScratchpadList))
	m.Handle("scratchpad.delete", handler(e, opScratchpadDelete))
	m.Handle("plan.set", handler(e, opPlanSet))
	m.Handle("plan.get", handler(e, opPlanGet))
	m.Handle("plan.updateStep", handler(e, opPlanUpdateStep))
	m.Handle("state.set", handler(e, opStateSet))
	m.Handle("state.get", handler(e, opStateGet))
	m.Handle("buildContext", handler(e, opBuildContext))
	m.Handle("endSession", handler(e, opEndSession))
	m.Handle("episodes.list", handler(e, opEpisodesList))
	m.Handle("extractFacts", handler(e, opExtractFacts))
	m.Handle("consolidate", handler(e, opConsolidate))
	m.Handle("compact", handler(e, compactOp))
	m.Handle("quota.set", handler(e, opQuotaSet))
	m.Handle("quota.get", handler(e, opQuotaGet))
	e.handleGlue(m)
	return m
}

// Respond encodes a protocol response for transports that answer requests themselves
// (the multi-database host of the wasm builds): err, when not nil, becomes the error
// object; any error that is not an *Error is reported as internal.
func Respond(id json.RawMessage, result any, err error) []byte {
	if err != nil {
		return protocol.Encode(protocol.Response{ID: id, Error: errs.As(err)})
	}
	return protocol.Encode(protocol.Response{ID: id, OK: true, Result: result})
}

// ErrorResponse answers a request that a transport could not route: the engine's decoder
// names what is wrong with it (malformed JSON, bad version, …).
func ErrorResponse(request []byte) []byte {
	return protocol.NewMux(len(request)+1).Serve(context.Background(), request)
}

// DecodeArgs strictly decodes op args as every engine op does (unknown fields and wrong
// types are invalid_argument errors naming the field).
func DecodeArgs(args json.RawMessage, v any) error { return protocol.Decode(args, v) }
