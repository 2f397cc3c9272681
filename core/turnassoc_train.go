package core

import (
	"io"

	"github.com/memcore/memcore/core/internal/text"
)

// AssocPair is one question with the texts of the turns that answer it: a training
// example of the learned turn expansion (memcore train-assoc).
type AssocPair = text.AssocPair

// AssocConv is one conversation of training data for the learned turn expansion: the
// texts of its turns and its questions with their evidence.
type AssocConv = text.AssocConv

// TrainTurnAssoc trains the learned query-term association table of searchTurns'
// expansion (Scoring.TurnAssoc) from the questions of convs, each against its own
// conversation's turns (a term found in most of them is no association), and writes it
// as text (one term a line). It is what `memcore train-assoc` runs; the engine itself
// never trains.
func TrainTurnAssoc(convs []AssocConv, p AssocParams, w io.Writer) error {
	return text.WriteAssoc(w, text.TrainAssoc(convs, p))
}

// TrainTurnAssocIBM1 is TrainTurnAssoc by IBM model 1's EM (text.TrainAssocIBM1).
func TrainTurnAssocIBM1(convs []AssocConv, p AssocParams, iters int, minT float64, w io.Writer) error {
	return text.WriteAssoc(w, text.TrainAssocIBM1(convs, p, iters, minT))
}

// AssocParams are the trainer's thresholds (text.AssocParams); DefaultAssocParams
// returns the ones measured in docs/EVAL.md's seventh round.
type AssocParams = text.AssocParams

// DefaultAssocParams returns the trainer's default thresholds.
func DefaultAssocParams() AssocParams { return text.DefaultAssocParams }

// UseTurnAssoc makes the table read from r (as TrainTurnAssoc writes it) the one every
// engine of this process expands with, so that `memcore eval --assoc FILE` can measure
// a table trained on other sets. Not safe while searches run; for measurement only.
func UseTurnAssoc(r io.Reader) error {
	t, err := text.ReadAssoc(r)
	if err != nil {
		return err
	}
	text.SetAssocTable(t)
	return nil
}
