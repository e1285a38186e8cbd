package reports

// TakeDoc is the JSON of `hexproof solve --take-only`: the stores of
// --take-from added to --db, and nothing solved. Its fields are SolveDoc's
// of the same names.
type TakeDoc struct {
	Board           string   `json:"board"`
	Geometry        string   `json:"geometry"`
	DB              string   `json:"db"`
	TakenFrom       []string `json:"db_taken_from"`
	TakenFacts      int64    `json:"db_taken_facts"`
	TakenBands      int64    `json:"db_taken_band_answers"`
	TakeInterrupted bool     `json:"db_take_interrupted,omitempty"`
	Elapsed         float64  `json:"elapsed_seconds"`
	PeakRSS         int64    `json:"peak_rss_bytes,omitempty"`
}

// SolveDoc is the JSON of `hexproof solve` for one solved position (an
// array of them with --starter both).
type SolveDoc struct {
	Board    string `json:"board"`
	Geometry string `json:"geometry"`
	// Starter is who starts (absent for a position set up with --red and
	// --blue, which Red and Blue give, as written, instead).
	Starter      string   `json:"starter,omitempty"`
	Moves        string   `json:"moves,omitempty"`
	Red          string   `json:"red,omitempty"`
	Blue         string   `json:"blue,omitempty"`
	ToMove       string   `json:"to_move"`
	Verdict      string   `json:"verdict"` // solved or inconclusive
	Winner       string   `json:"winner,omitempty"`
	WinningMoves [][2]int `json:"winning_moves"`
	Positions    int64    `json:"positions"`
	Knowledge    bool     `json:"knowledge"` // the Hex knowledge was used (docs/decisions/solve.md)
	Elapsed      float64  `json:"elapsed_seconds"`
	Certificate  string   `json:"certificate,omitempty"`
	Answers      int      `json:"certificate_answers,omitempty"`
	Detail       string   `json:"detail,omitempty"`
	// DB is --db, the store of solved positions; FromDB counts the
	// questions it answered, AddedToDB the positions this solve added;
	// BandFromDB and BandAddedToDB count the band games' answers taken from
	// it and added (--band-games, decisions/solve.md K28).
	DB            string `json:"db,omitempty"`
	FromDB        int64  `json:"db_answers,omitempty"`
	AddedToDB     int64  `json:"db_added,omitempty"`
	BandFromDB    int64  `json:"db_band_answers,omitempty"`
	BandAddedToDB int64  `json:"db_band_added,omitempty"`
	// TakenFrom, TakenFacts and TakenBands: the stores of --take-from, and
	// the solved positions and band games' answers they added to DB
	// (decisions/solve.md K29).
	TakenFrom  []string `json:"db_taken_from,omitempty"`
	TakenFacts int64    `json:"db_taken_facts,omitempty"`
	TakenBands int64    `json:"db_taken_band_answers,omitempty"`
	// TakeInterrupted: a Ctrl-C stopped the take in the last store of
	// TakenFrom; what it had taken is kept (sound: K29).
	TakeInterrupted bool `json:"db_take_interrupted,omitempty"`
	// MemoryBudget is --memory in bytes, PeakRSS the process's peak resident
	// memory so far (VmHWM), in bytes.
	MemoryBudget int64 `json:"memory_budget_bytes"`
	PeakRSS      int64 `json:"peak_rss_bytes,omitempty"`
}
