package reports

import (
	"encoding/json"
	"fmt"
	"html"
	"strings"

	"hexproof/board"
	"hexproof/verify"
)

// The game stepper of the HTML pages (issue 34): the picture of a game's final
// position (SVG, drawn with SVGOptions.Stepper) with buttons, the arrow keys,
// Home and End to show the board after any move. Everything the page says at
// each move is computed here, in Go, and carried in the stepper's data-game
// attribute; the page's script (StepperJS, run from the body's onload, so that
// the page has no <script> element and stays one self-contained file) only
// recolours the cells and copies those texts. Without script the page shows
// the final position, as before.

// stepperStep is what the page says after the first k moves.
type stepperStep struct {
	Move   string `json:"move"`   // "Move 7 of 13: Red (3,2)" or "Start: the empty board"
	Rule   string `json:"rule"`   // "rule 4", with the tie-break step at the blunder; "" for moves without a rule
	Stones string `json:"stones"` // "7 stones on the board"
	Note   string `json:"note"`   // the blunder's sentence at the blunder, the chain at the end
}

// stepperData is the stepper's data-game attribute. The key of the blunder
// is "mistake": a page without a blunder must not name one.
type stepperData struct {
	Moves []stepperMove `json:"moves"`
	Steps []stepperStep `json:"steps"`
	// Mistake is the ply (moves shown) at which the alternatives are drawn:
	// just after the blunder; 0 without one.
	Mistake int    `json:"mistake,omitempty"`
	Empty   string `json:"empty"`
}

type stepperMove struct {
	Player string `json:"player"`
	Cell   string `json:"cell"`
}

// stepperSteps are the texts of every ply of g (0 … len(g.Moves)); bl is the
// game's blunder (nil or not found: none).
func stepperSteps(g board.Game, bl *verify.Blunder) []stepperStep {
	b, n := g.Board, len(g.Moves)
	steps := make([]stepperStep, n+1)
	for k := 0; k <= n; k++ {
		s := &steps[k]
		stones := fmt.Sprintf("%d stones on the board", k)
		if k == 1 {
			stones = "1 stone on the board"
		}
		s.Stones = stones
		if k == 0 {
			s.Move = fmt.Sprintf("Start: the empty board, %s to move", title(g.Starter.String()))
		} else {
			m := g.Moves[k-1]
			s.Move = fmt.Sprintf("Move %d of %d: %s %s", k, n, titleColor(m.Player), b.Format(m.Cell, board.Thesis))
			if m.Rule != "" {
				s.Rule = "rule " + m.Rule
			}
		}
		var notes []string
		if bl != nil && bl.Found && k == bl.Index+1 {
			if bl.TieBreakStep != "" {
				s.Rule += "; tie-break: " + bl.TieBreakStep
			}
			kept := make([]string, len(bl.Kept))
			for i, c := range bl.Kept {
				kept[i] = b.Format(c, board.Thesis)
			}
			notes = append(notes, fmt.Sprintf("Blunder: this move turned a won position into a lost one. The moves that kept the win, ringed in green: %s.",
				strings.Join(kept, " ")))
		}
		if k == n && k > 0 {
			notes = append(notes, title(strings.Replace(chainNote(g), "in lower case", "outlined in gold", 1))+".")
		}
		s.Note = strings.Join(notes, " ")
	}
	return steps
}

// StepperHTML is the stepper of game g (on its board) as an HTML fragment,
// a <section class="stepper" id="id">; bl marks its blunder (nil: none).
// Its elements have ids id-move, id-rule, id-stones (inside the aria-live
// status) and id-note; the page must run StepperJS once loaded. It holds the
// page's picture of the game: one inline SVG.
func StepperHTML(g board.Game, bl *verify.Blunder, id string) string {
	h := html.EscapeString
	b := g.Board
	opt := SVGOptions{Stepper: true}
	d := stepperData{Steps: stepperSteps(g, bl), Empty: svgEmpty}
	if bl != nil && bl.Found {
		opt.Alternatives = bl.Kept
		d.Mistake = bl.Index + 1
	}
	for _, m := range g.Moves {
		d.Moves = append(d.Moves, stepperMove{Player: m.Player.String(), Cell: b.Format(m.Cell, board.Thesis)})
	}
	data, err := json.Marshal(d)
	if err != nil { // plain strings and numbers: cannot happen
		panic(err)
	}
	n := len(g.Moves)
	last := d.Steps[n]
	var sb strings.Builder
	fmt.Fprintf(&sb, "<section class=\"stepper\" id=\"%s\" aria-label=\"The game move by move\" data-game=\"%s\">\n", h(id), h(string(data)))
	sb.WriteString("<div class=\"stepper-controls\" role=\"group\" aria-label=\"Step through the game\">\n")
	for _, bt := range [][3]string{
		{"first", "First position (Home)", "|\u25c0"},
		{"back", "Back one move (left arrow)", "\u25c0"},
		{"forward", "Forward one move (right arrow)", "\u25b6"},
		{"last", "Last position (End)", "\u25b6|"},
	} {
		fmt.Fprintf(&sb, "<button type=\"button\" id=\"%s-%s\" data-step=\"%s\" aria-label=\"%s\" title=\"%s\">%s</button>\n",
			h(id), bt[0], bt[0], bt[1], bt[1], bt[2])
	}
	sb.WriteString("</div>\n")
	fmt.Fprintf(&sb, "<p class=\"stepper-status\" id=\"%[1]s-status\" aria-live=\"polite\" aria-atomic=\"true\"><span id=\"%[1]s-move\" class=\"step-move\">%[2]s</span> <span id=\"%[1]s-rule\" class=\"step-rule\">%[3]s</span> <span id=\"%[1]s-stones\" class=\"step-stones\">%[4]s</span></p>\n",
		h(id), h(last.Move), h(last.Rule), h(last.Stones))
	fmt.Fprintf(&sb, "<p class=\"stepper-note\" id=\"%s-note\">%s</p>\n", h(id), h(last.Note))
	fmt.Fprintf(&sb, "<figure>\n")
	sb.Write(inlineSVG(SVG(g, opt)))
	sb.WriteString("</figure>\n")
	fmt.Fprintf(&sb, "<ol class=\"stepper-moves\" aria-label=\"Moves\">\n")
	for k, m := range g.Moves {
		label := fmt.Sprintf("%s %s", titleColor(m.Player), b.Format(m.Cell, board.Thesis))
		if m.Rule != "" {
			label += ", rule " + m.Rule
		}
		class := strings.ToLower(m.Player.String())
		if d.Mistake == k+1 {
			class += " mistake"
		}
		fmt.Fprintf(&sb, "<li class=\"%s\"><button type=\"button\" data-ply=\"%d\" aria-label=\"Go to move %d: %s\">%s</button></li>\n",
			class, k+1, k+1, h(label), h(label))
	}
	sb.WriteString("</ol>\n</section>\n")
	return sb.String()
}

// StepperCSS styles the stepper; a page includes it in its <style>.
const StepperCSS = `.stepper svg{width:100%;max-width:34em;height:auto}
.stepper figure{margin:.5em 0}
.stepper-controls button,.stepper-moves button{font:inherit;min-width:2.6em;min-height:2.2em;margin:.1em;border:1px solid #888;border-radius:4px;background:#fff;cursor:pointer}
.stepper-controls button[aria-disabled=true]{opacity:.45}
.stepper button:focus-visible{outline:3px solid #1b4f9c;outline-offset:1px}
.stepper-status{font-weight:bold;min-height:1.4em}.step-rule{color:#7a3cc2}
.step-rule:not(:empty)::before,.step-stones::before{content:" \00b7  ";color:#888}
.stepper-note{min-height:1.4em}
.stepper-moves{display:flex;flex-wrap:wrap;gap:.2em;padding-left:0;list-style:none;font-size:.9em}
.stepper-moves li.red button{color:#d7263d}.stepper-moves li.blue button{color:#1b4f9c}
.stepper-moves li.mistake button{border:2px solid #d7263d}
.stepper-moves button[aria-current=step]{background:#ffe9a8}
.stepper polygon.last{stroke:#000;stroke-width:3px}`

// StepperJS brings every stepper of a page to life; the pages run it from
// <body onload> (html.EscapeString'd into the attribute). It is written
// without the word that names the blunder followed by a colon, which a page
// without one must not contain.
const StepperJS = `(function(){
var all=document.querySelectorAll(".stepper");
all.forEach(function(root){
var d=JSON.parse(root.getAttribute("data-game")),n=d.moves.length,k=n,id=root.id,at={};
d.moves.forEach(function(m,i){if(at[m.cell]===undefined){at[m.cell]=i+1;}});
var polys=root.querySelectorAll("polygon.cell,polygon.repeat");
polys.forEach(function(p){p.setAttribute("data-fill",p.getAttribute("fill"));});
var nums=root.querySelectorAll("text[data-move]"),chain=root.querySelector("g.chain"),alts=root.querySelector("g.alternatives");
var plies=root.querySelectorAll("button[data-ply]");
function el(s){return document.getElementById(id+"-"+s);}
function show(x,on){if(x){x.setAttribute("display",on?"inline":"none");}}
function render(){
polys.forEach(function(p){var m=at[p.getAttribute("data-cell")||p.getAttribute("data-repeat-of")];var on=m!==undefined&&m<=k;
p.setAttribute("fill",on?p.getAttribute("data-fill"):d.empty);p.classList.toggle("last",on&&m===k&&p.classList.contains("cell"));});
nums.forEach(function(t){show(t,+t.getAttribute("data-move")<=k);});
show(chain,k===n);show(alts,d.mistake>0&&k===d.mistake);
var s=d.steps[k];["move","rule","stones","note"].forEach(function(f){var e=el(f);if(e){e.textContent=s[f];}});
["first","back"].forEach(function(f){var e=el(f);if(e){e.setAttribute("aria-disabled",k===0?"true":"false");}});
["forward","last"].forEach(function(f){var e=el(f);if(e){e.setAttribute("aria-disabled",k===n?"true":"false");}});
plies.forEach(function(b){if(+b.getAttribute("data-ply")===k){b.setAttribute("aria-current","step");}else{b.removeAttribute("aria-current");}});
root.setAttribute("data-ply",String(k));
}
function go(j){k=Math.max(0,Math.min(n,j));render();}
root.addEventListener("click",function(e){var b=e.target.closest("button");if(!b){return;}
var s=b.getAttribute("data-step");
if(s==="first"){go(0);}else if(s==="back"){go(k-1);}else if(s==="forward"){go(k+1);}else if(s==="last"){go(n);}
else if(b.hasAttribute("data-ply")){go(+b.getAttribute("data-ply"));}});
root.stepperKey=function(key){
if(key==="ArrowRight"){go(k+1);}else if(key==="ArrowLeft"){go(k-1);}else if(key==="Home"){go(0);}else if(key==="End"){go(n);}else{return false;}
return true;};
render();
});
document.addEventListener("keydown",function(e){
if(e.altKey||e.ctrlKey||e.metaKey){return;}
var t=e.target,tag=t&&t.tagName;
if(tag==="INPUT"||tag==="TEXTAREA"||tag==="SELECT"){return;}
var root=t&&t.closest?t.closest(".stepper"):null;
if(!root&&all.length===1){root=all[0];}
if(root&&root.stepperKey&&root.stepperKey(e.key)){e.preventDefault();}
});
})();`

// htmlHead opens a page: the doctype, the head (charset, viewport for
// phones, title, inline styles) and the body, whose onload runs StepperJS.
func htmlHead(title, css string) string {
	return fmt.Sprintf("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>%s</title>\n<style>\n%s\n%s\n</style>\n</head>\n<body onload=\"%s\">\n",
		html.EscapeString(title), css, StepperCSS, html.EscapeString(StepperJS))
}
