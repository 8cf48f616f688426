//! Play-test mode: figures placed on the map and the rules engine asked what
//! they can do, so a designer sees how a page plays while drawing it.
//!
//! Why it is separate from the document: a play state (where figures stand,
//! which doors are open) is not part of the map. It never goes through
//! [`crate::enormity::edit`], is never saved and never enters the undo history. Every
//! answer — reachable spaces, paths, Blip moves, line of sight — comes from
//! `deckplan_validator::enormity::rules` — the same functions `deckplan blip`, `noise`,
//! `reveal` and `los` call; this module only keeps the question and the
//! last answer, recomputed when the question or the map changes (not every
//! frame: a [`Board`] is built from the whole pack).
//!
//! Building the board's graphs takes seconds on a very large page, so after
//! an edit they are built on a worker thread from a copy of the pack
//! ([`PlayTest::refresh_in_background`]) while the panel shows a spinner;
//! every later question about the same map reuses them on the UI thread.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};

use deckplan_schema::enormity::{Direction, EdgeKind, Pack, Page, PageId, Space};
use deckplan_validator::enormity::board::{Board, Graphs, PageIntersection, PageSpace};
use deckplan_validator::enormity::rules::blip_move::{
    self, BlipMove, Ending, NoiseResult, SpaceBox,
};
use deckplan_validator::enormity::rules::los::{Sight, SightMap};
use deckplan_validator::enormity::rules::reveal::{self, Phase, RevealStep, Token};
use deckplan_validator::enormity::rules::spacer_move::{self, MoveOptions, MovePath};
use deckplan_validator::enormity::rules::{DoorState, Intruder, PlayState};
use eframe::egui::Pos2;

use crate::enormity::selection::{EDGE_REACH, INTERSECTION_REACH};
use crate::enormity::view::Geometry;

/// The first Spacer a Blip was revealed beside on `at`, among `moves` and
/// the Blips they pushed.
fn revealed_beside(moves: &[BlipMove], at: PageIntersection) -> Option<PageSpace> {
    fn beside(m: &BlipMove, at: PageIntersection) -> Option<PageSpace> {
        let here = match &m.ending {
            Ending::Revealed { spacers, .. } if m.end == at => spacers.first().copied(),
            _ => None,
        };
        here.or_else(|| beside(m.pushed.as_deref()?, at))
    }
    moves.iter().find_map(|m| beside(m, at))
}

/// What a left click on the page does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Piece {
    /// Place a Spacer on a space (and select it).
    #[default]
    Spacer,
    /// Place an Intruder on a space.
    Intruder,
    /// Place a Blip on an intersection (and select it).
    Blip,
    /// Cycle a door closed → open → welded.
    Door,
    /// Pick what the analysis looks at (a Spacer, a Blip, a space to see from).
    Pick,
}

impl Piece {
    /// Every piece, in panel order.
    pub const ALL: [Self; 5] = [
        Self::Spacer,
        Self::Intruder,
        Self::Blip,
        Self::Door,
        Self::Pick,
    ];

    /// Its label in the panel.
    pub fn label(self) -> &'static str {
        match self {
            Self::Spacer => "Place Spacer",
            Self::Intruder => "Place Intruder",
            Self::Blip => "Place Blip",
            Self::Door => "Cycle doors",
            Self::Pick => "Pick",
        }
    }
}

/// What the rules engine is asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Analysis {
    /// Where the selected Spacer can move.
    #[default]
    Reach,
    /// Where the selected Blip goes toward the target Spacer.
    BlipStep,
    /// A Noise roll: every Blip moves toward the target Spacer by its own
    /// die, nearest first.
    Noise,
    /// What revealing the selected Blip next to the target Spacer does.
    Reveal,
    /// What a space sees.
    Sight,
}

impl Analysis {
    /// Every analysis, in panel order.
    pub const ALL: [Self; 5] = [
        Self::Reach,
        Self::BlipStep,
        Self::Noise,
        Self::Reveal,
        Self::Sight,
    ];

    /// Its label in the panel.
    pub fn label(self) -> &'static str {
        match self {
            Self::Reach => "Spacer move",
            Self::BlipStep => "Blip step",
            Self::Noise => "Noise",
            Self::Reveal => "Reveal",
            Self::Sight => "Line of sight",
        }
    }

    /// Whether it moves toward (or reveals for) the target Spacer rather
    /// than asking about the selected one: picking a Spacer sets the target.
    fn uses_target(self) -> bool {
        matches!(self, Self::BlipStep | Self::Noise | Self::Reveal)
    }
}

/// A Noise roll as the rules engine resolved it: what `deckplan noise` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoiseAnswer {
    /// The Spacer who made the Noise.
    pub toward: PageSpace,
    /// Each Blip's die, as rolled (0 is a quiet die).
    pub dice: BTreeMap<PageIntersection, u32>,
    /// The Blips nearest first; equally near Blips share a tier, and the
    /// players choose their order.
    pub order: Vec<Vec<PageIntersection>>,
    /// Every distinct end state.
    pub result: NoiseResult,
}

/// A reveal as the rules engine resolved it: what `deckplan reveal` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RevealAnswer {
    /// The Spacer who revealed the Blip.
    pub spacer: PageSpace,
    /// The Blip revealed (it leaves the board before anything spawns).
    pub blip: Option<PageIntersection>,
    /// Whether that Blip stands on a corner of the Spacer's space; a Blip
    /// further off is revealed only by a Scout action.
    pub next_to_spacer: bool,
    /// The steps, in the order the players resolve them.
    pub steps: Vec<RevealStep>,
}

/// The answer to the current question.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// Reachable spaces and the steps to each.
    pub reach: BTreeMap<PageSpace, u32>,
    /// One shortest path to each reachable space.
    pub paths: BTreeMap<PageSpace, MovePath>,
    /// Every option the rules leave for the Blip's move.
    pub blip_moves: Vec<BlipMove>,
    /// The Noise roll's outcomes.
    pub noise: Option<NoiseAnswer>,
    /// The reveal's steps.
    pub reveal: Option<RevealAnswer>,
    /// Spaces of the shown page that the sight space sees.
    pub seen: BTreeSet<Space>,
    /// The line the rules judge from the sight space to the hovered space,
    /// with what blocks it, as `deckplan los` gives it.
    pub sight_line: Option<(PageSpace, Sight)>,
    /// Why the question could not be answered.
    pub error: Option<String>,
}

/// Which version of which map an answer is for: the document (counted per
/// document opened, so a new document never passes for the old one) and its
/// edit generation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapVersion {
    /// Which document.
    pub document: u64,
    /// How many edits, undos and redos it has seen.
    pub generation: u64,
}

/// The play-test state: the figures, the question and its answer.
#[derive(Debug)]
pub struct PlayTest {
    /// Figures and doors.
    pub state: PlayState,
    /// What a click places.
    pub piece: Piece,
    /// What is asked.
    pub analysis: Analysis,
    /// The Spacer whose move is shown.
    pub spacer: Option<PageSpace>,
    /// The Move action's value (1–12).
    pub move_value: u32,
    /// The Blip that steps.
    pub blip: Option<PageIntersection>,
    /// The Spacer the Blip moves toward.
    pub target: Option<PageSpace>,
    /// The die rolled for the Blip (1–6).
    pub die: u32,
    /// Each Blip's die for a Noise roll (0 for a quiet die), as
    /// `deckplan noise --blip PLACE=N` takes it; a new Blip gets [`PlayTest::die`].
    pub dice: BTreeMap<PageIntersection, u32>,
    /// Which of the Noise roll's outcomes is drawn (an index into them).
    pub outcome: usize,
    /// The token under the revealed Blip.
    pub token: Token,
    /// The phase of the run, for how many Intruders a token spawns.
    pub phase: Phase,
    /// The Blip was revealed by a Scout action (no ambush).
    pub scout: bool,
    /// The space whose line of sight is shown.
    pub sight_from: Option<PageSpace>,
    /// The space under the pointer: line of sight draws the line to it.
    pub sight_to: Option<PageSpace>,
    answer: Answer,
    /// The question and map version the answer is for.
    answered: Option<(Key, MapVersion)>,
    /// The rules engine's graphs of that map version: moving a figure asks a
    /// new question of the same map, which must not rebuild them.
    graphs: Option<(MapVersion, Graphs)>,
    /// How many boards were built: what the cache saves, in numbers.
    boards_built: u64,
    /// Graphs being built on a worker for this map version.
    building: Option<(MapVersion, Receiver<Graphs>)>,
    /// A question being answered on a worker, which holds the graphs of that
    /// map version until it sends them back with the answer.
    answering: Option<Answering>,
}

/// A question answered on a worker: a Noise roll with many Blips tries
/// every order and choice the rules leave (up to
/// [`blip_move::MAX_OPTIONS`]), which can take a noticeable time.
#[derive(Debug)]
struct Answering {
    key: Key,
    version: MapVersion,
    receiver: Receiver<(Graphs, Answer)>,
}

/// Called from a worker when graphs or an answer are ready, to wake the UI.
pub use crate::board::Wake;

/// Everything an answer depends on except the map.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    state: PlayState,
    analysis: Analysis,
    spacer: Option<PageSpace>,
    move_value: u32,
    blip: Option<PageIntersection>,
    target: Option<PageSpace>,
    die: u32,
    /// Each Blip's die as rolled ([`PlayTest::noise_dice`]).
    dice: BTreeMap<PageIntersection, u32>,
    token: Token,
    phase: Phase,
    scout: bool,
    sight_from: Option<PageSpace>,
}

impl Key {
    /// Asks the rules engine: the one place every answer comes from, on the
    /// UI thread or on a worker.
    fn answer(&self, board: &Board<'_>, pack: &Pack, page: Option<PageId>) -> Answer {
        let mut answer = Answer::default();
        match self.analysis {
            Analysis::Reach => {
                let Some(from) = self.spacer else {
                    return answer;
                };
                match spacer_move::reach(
                    board,
                    &self.state,
                    from,
                    MoveOptions::new(self.move_value),
                ) {
                    Ok(reach) => {
                        for (to, steps) in reach.destinations() {
                            answer.reach.insert(to, steps);
                            if let Some(path) = reach.path(to) {
                                answer.paths.insert(to, path);
                            }
                        }
                    }
                    Err(e) => answer.error = Some(e.to_string()),
                }
            }
            Analysis::BlipStep => {
                let (Some(blip), Some(target)) = (self.blip, self.target) else {
                    return answer;
                };
                match blip_move::move_blip(board, &self.state, blip, target, self.die) {
                    Ok(moves) => answer.blip_moves = moves,
                    Err(e) => answer.error = Some(e.to_string()),
                }
            }
            Analysis::Noise => {
                let Some(toward) = self.target else {
                    return answer;
                };
                if self.state.blips.is_empty() {
                    return answer;
                }
                let dice = self.dice.clone();
                let resolved = blip_move::resolve_noise(board, &self.state, toward, &dice)
                    .and_then(|result| {
                        let order = blip_move::noise_order(board, &self.state, toward)?;
                        Ok((order, result))
                    });
                match resolved {
                    Ok((order, result)) => {
                        answer.noise = Some(NoiseAnswer {
                            toward,
                            dice,
                            order,
                            result,
                        });
                    }
                    Err(e) => answer.error = Some(e.to_string()),
                }
            }
            Analysis::Reveal => {
                let Some(spacer) = self.target else {
                    return answer;
                };
                // The revealed Blip is flipped and leaves the board: it holds
                // no spawn point the Echo's new Blip might take.
                let mut state = self.state.clone();
                let blip = self.blip.filter(|b| state.blips.remove(b));
                let next_to_spacer = blip.is_some_and(|b| {
                    SpaceBox::of(board, spacer)
                        .zip(blip_move::point_of(board, b))
                        .is_some_and(|(space, point)| space.has_corner(point))
                });
                match reveal::reveal(board, &state, spacer, self.token, self.phase, self.scout) {
                    Ok(steps) => {
                        answer.reveal = Some(RevealAnswer {
                            spacer,
                            blip,
                            next_to_spacer,
                            steps,
                        });
                    }
                    Err(e) => answer.error = Some(e.to_string()),
                }
            }
            Analysis::Sight => {
                let (Some(from), Some(page_id)) = (self.sight_from, page) else {
                    return answer;
                };
                let Some(page) = pack.pages.get(&page_id) else {
                    return answer;
                };
                let sight = SightMap::new(board, &self.state);
                for row in 0..page.size.rows {
                    for col in 0..page.size.columns {
                        let space = Space { row, col };
                        if !page.is_board(space) {
                            continue;
                        }
                        let to = PageSpace {
                            page: page_id,
                            space,
                        };
                        match sight.can_see(from, to) {
                            Ok(true) => {
                                answer.seen.insert(space);
                            }
                            Ok(false) => {}
                            Err(e) => {
                                answer.error = Some(e.to_string());
                                return answer;
                            }
                        }
                    }
                }
            }
        }
        answer
    }
}

impl Default for PlayTest {
    fn default() -> Self {
        Self {
            state: PlayState::default(),
            piece: Piece::default(),
            analysis: Analysis::default(),
            spacer: None,
            move_value: 6,
            blip: None,
            target: None,
            die: 3,
            dice: BTreeMap::new(),
            outcome: 0,
            token: Token::A,
            phase: Phase::Infiltration,
            scout: false,
            sight_from: None,
            sight_to: None,
            answer: Answer::default(),
            answered: None,
            graphs: None,
            boards_built: 0,
            building: None,
            answering: None,
        }
    }
}

impl PlayTest {
    /// The last answer (call [`PlayTest::refresh`] first).
    pub fn answer(&self) -> &Answer {
        &self.answer
    }

    fn key(&self) -> Key {
        Key {
            state: self.state.clone(),
            analysis: self.analysis,
            spacer: self.spacer,
            move_value: self.move_value,
            blip: self.blip,
            target: self.target,
            die: self.die,
            dice: self.noise_dice(),
            token: self.token,
            phase: self.phase,
            scout: self.scout,
            sight_from: self.sight_from,
        }
    }

    /// Asks the rules engine again if the question or the map (its
    /// `version`) changed since the last answer; `page` is the page shown
    /// (line of sight is shaded there). The board's graphs are rebuilt only
    /// when the map changed. Waits for them: see
    /// [`PlayTest::refresh_in_background`] for the UI.
    pub fn refresh(&mut self, pack: &Pack, version: MapVersion, page: Option<PageId>) {
        if let Some(job) = self.answering.take()
            && let Ok((graphs, answer)) = job.receiver.recv()
        {
            self.take_answer(job.key, job.version, graphs, answer);
        }
        if !self.is_answered(version) {
            if !self.graphs_are_for(version) {
                self.boards_built += 1;
                self.graphs = Some((version, Board::new(pack).into_graphs()));
            }
            self.answer_from_graphs(pack, version, page);
        }
        self.refresh_sight_line(pack, version);
    }

    /// [`PlayTest::refresh`] without waiting for a new board: when the map
    /// changed, its graphs are built on a worker from a copy of `pack` (which
    /// calls `wake` when done) and this returns at once; a later call, with
    /// the same version, answers. A Noise roll is resolved on a worker too.
    /// Returns whether the answer is for `version`.
    pub fn refresh_in_background(
        &mut self,
        pack: &Pack,
        version: MapVersion,
        page: Option<PageId>,
        wake: &Wake,
    ) -> bool {
        if !self.is_answered(version) {
            if !self.collect_answer(version) {
                return false;
            }
            if !self.is_answered(version) {
                if !self.graphs_are_for(version) && !self.collect_built(version) {
                    self.start_building(pack, version, wake);
                    return false;
                }
                if self.analysis == Analysis::Noise {
                    self.start_answering(pack, version, page, wake);
                    return false;
                }
                self.answer_from_graphs(pack, version, page);
            }
        }
        self.refresh_sight_line(pack, version);
        true
    }

    /// Whether a board is being built (the panel shows a spinner).
    pub fn is_building(&self) -> bool {
        self.building.is_some()
    }

    /// Whether a question is being answered on a worker (the panel shows a spinner).
    pub fn is_answering(&self) -> bool {
        self.answering.is_some()
    }

    /// Whether a worker is building a board or answering.
    pub fn is_busy(&self) -> bool {
        self.is_building() || self.is_answering()
    }

    /// Waits (up to `timeout`) for a worker answering, else for a board
    /// being built, for tests. Returns false when it timed out.
    pub fn wait_for_worker(&mut self, timeout: std::time::Duration) -> bool {
        if let Some(job) = self.answering.take() {
            let Ok((graphs, answer)) = job.receiver.recv_timeout(timeout) else {
                return false;
            };
            self.take_answer(job.key, job.version, graphs, answer);
            return true;
        }
        let Some((version, receiver)) = self.building.take() else {
            return true;
        };
        match receiver.recv_timeout(timeout) {
            Ok(graphs) => {
                self.graphs = Some((version, graphs));
                self.boards_built += 1;
                true
            }
            Err(_) => false,
        }
    }

    fn is_answered(&self, version: MapVersion) -> bool {
        let key = self.key();
        self.answered
            .as_ref()
            .is_some_and(|(k, v)| *k == key && *v == version)
    }

    fn graphs_are_for(&self, version: MapVersion) -> bool {
        self.graphs.as_ref().is_some_and(|(v, _)| *v == version)
    }

    /// Takes the worker's graphs if they are ready and for `version`;
    /// returns whether graphs for `version` are now at hand.
    fn collect_built(&mut self, version: MapVersion) -> bool {
        let Some((built_for, receiver)) = &self.building else {
            return false;
        };
        if *built_for != version {
            // An older map: its worker finishes unheard.
            self.building = None;
            return false;
        }
        match receiver.try_recv() {
            Ok(graphs) => {
                self.graphs = Some((version, graphs));
                self.boards_built += 1;
                self.building = None;
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => {
                self.building = None;
                false
            }
        }
    }

    /// Takes a worker's answer if it is ready. Returns false while the worker
    /// is still answering about the map `version`: it holds that map's
    /// graphs, so the next question waits for them rather than build anew.
    fn collect_answer(&mut self, version: MapVersion) -> bool {
        let Some(job) = self.answering.take() else {
            return true;
        };
        match job.receiver.try_recv() {
            Ok((graphs, answer)) => {
                self.take_answer(job.key, job.version, graphs, answer);
                true
            }
            Err(TryRecvError::Empty) if job.version == version => {
                self.answering = Some(job);
                false
            }
            // An older map's: its worker finishes unheard.
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => true,
        }
    }

    /// Keeps a worker's graphs, and its answer when the question is still the one asked.
    fn take_answer(&mut self, key: Key, version: MapVersion, graphs: Graphs, answer: Answer) {
        self.graphs = Some((version, graphs));
        if key == self.key() {
            self.answer = answer;
            self.outcome = 0;
            self.answered = Some((key, version));
        }
    }

    /// Answers on a worker with this map version's graphs, lent to it.
    fn start_answering(
        &mut self,
        pack: &Pack,
        version: MapVersion,
        page: Option<PageId>,
        wake: &Wake,
    ) {
        let key = self.key();
        let graphs = self
            .graphs
            .take()
            .filter(|(built_for, _)| *built_for == version)
            .map(|(_, graphs)| graphs);
        // The answer on screen is for another question: drop it rather than show it wrong.
        self.answer = Answer::default();
        self.answered = None;
        let (sender, receiver) = std::sync::mpsc::channel();
        let copy = pack.clone();
        let wake = Arc::clone(wake);
        let question = key.clone();
        let spawned = std::thread::Builder::new()
            .name("play-test answer".into())
            .spawn(move || {
                let board = graphs
                    .and_then(|graphs| Board::from_graphs(&copy, graphs))
                    .unwrap_or_else(|| Board::new(&copy));
                let answer = question.answer(&board, &copy, page);
                if sender.send((board.into_graphs(), answer)).is_ok() {
                    wake();
                }
            });
        match spawned {
            Ok(_) => {
                self.answering = Some(Answering {
                    key,
                    version,
                    receiver,
                })
            }
            // No thread to be had (the graphs went with the closure): answer here.
            Err(_) => self.answer_from_graphs(pack, version, page),
        }
    }

    fn start_building(&mut self, pack: &Pack, version: MapVersion, wake: &Wake) {
        if self.building.as_ref().is_some_and(|(v, _)| *v == version) {
            return;
        }
        // The answer on screen is for another map: drop it rather than show it wrong.
        self.answer = Answer::default();
        self.answered = None;
        let (sender, receiver) = std::sync::mpsc::channel();
        let copy = pack.clone();
        let wake = Arc::clone(wake);
        let spawned = std::thread::Builder::new()
            .name("play-test board".into())
            .spawn(move || {
                let graphs = Board::new(&copy).into_graphs();
                if sender.send(graphs).is_ok() {
                    wake();
                }
            });
        match spawned {
            Ok(_) => self.building = Some((version, receiver)),
            // No thread to be had: build here rather than never.
            Err(_) => {
                self.boards_built += 1;
                self.graphs = Some((version, Board::new(pack).into_graphs()));
            }
        }
    }

    fn answer_from_graphs(&mut self, pack: &Pack, version: MapVersion, page: Option<PageId>) {
        let kept = self
            .graphs
            .take()
            .filter(|(built_for, _)| *built_for == version)
            .and_then(|(_, graphs)| Board::from_graphs(pack, graphs));
        let board = kept.unwrap_or_else(|| {
            self.boards_built += 1;
            Board::new(pack)
        });
        let key = self.key();
        self.answer = key.answer(&board, pack, page);
        // A new roll starts from its first outcome.
        self.outcome = 0;
        self.answered = Some((key, version));
        self.graphs = Some((version, board.into_graphs()));
    }

    /// The line of sight to the hovered space, worked out when the pointer
    /// moved to another space (the graphs of `version` are at hand).
    fn refresh_sight_line(&mut self, pack: &Pack, version: MapVersion) {
        let wanted = match (self.analysis, self.sight_from, self.sight_to) {
            (Analysis::Sight, Some(from), Some(to)) => Some((from, to)),
            _ => None,
        };
        let shown = self
            .answer
            .sight_line
            .as_ref()
            .map(|(to, _)| *to)
            .zip(self.sight_from)
            .map(|(to, from)| (from, to));
        if wanted == shown {
            return;
        }
        let Some((from, to)) = wanted else {
            self.answer.sight_line = None;
            return;
        };
        let Some(board) = self
            .graphs
            .take()
            .filter(|(built_for, _)| *built_for == version)
            .and_then(|(_, graphs)| Board::from_graphs(pack, graphs))
        else {
            return;
        };
        let line = SightMap::new(&board, &self.state).line_of_sight(from, to);
        self.answer.sight_line = line.ok().map(|sight| (to, sight));
        self.graphs = Some((version, board.into_graphs()));
    }

    /// Each Blip's die for the Noise roll: the one set for it, else
    /// [`PlayTest::die`] (Blips placed before the dice were set).
    pub fn noise_dice(&self) -> BTreeMap<PageIntersection, u32> {
        self.state
            .blips
            .iter()
            .map(|b| (*b, self.dice.get(b).copied().unwrap_or(self.die)))
            .collect()
    }

    /// The Noise outcome drawn on the canvas: the one selected, or the first.
    pub fn shown_outcome(&self) -> Option<(usize, &blip_move::NoiseOutcome)> {
        let outcomes = &self.answer.noise.as_ref()?.result.outcomes;
        let index = self.outcome.min(outcomes.len().checked_sub(1)?);
        outcomes.get(index).map(|o| (index, o))
    }

    /// Moves the Blips to the Noise end state drawn, as the players would
    /// after the roll, so play goes on from there: each Blip stands where it
    /// stopped and the dice are cleared. A Blip revealed on the way stays on
    /// the corner it was revealed on and is picked for the Reveal analysis,
    /// with the Spacer it was revealed beside, for what it brings.
    pub fn play_outcome(&mut self) {
        let Some((toward, outcome)) = self
            .answer
            .noise
            .as_ref()
            .map(|noise| noise.toward)
            .zip(self.shown_outcome().map(|(_, o)| o.clone()))
        else {
            return;
        };
        self.state.blips = outcome.blips.clone();
        self.state.blips.extend(outcome.revealed.iter().copied());
        self.dice.clear();
        match outcome.revealed.first() {
            Some(&at) => {
                self.blip = Some(at);
                self.target = Some(revealed_beside(&outcome.moves, at).unwrap_or(toward));
                self.analysis = Analysis::Reveal;
            }
            None => {
                self.blip = self.blip.filter(|b| self.state.blips.contains(b));
            }
        }
    }

    /// A left click at `pos` on `page`: places or picks as [`PlayTest::piece`] says.
    /// Returns what happened, for the status bar.
    pub fn click(&mut self, page: &Page, geo: &Geometry, pos: Pos2) -> Option<String> {
        let at_space = geo.space_at(pos).map(|space| PageSpace {
            page: page.id,
            space,
        });
        match self.piece {
            Piece::Spacer => {
                let at = at_space?;
                self.state.intruders.remove(&at);
                self.state.spacers.insert(at, Direction::North);
                self.spacer = Some(at);
                self.target = Some(at);
                self.sight_from = Some(at);
                Some(format!("Spacer on {}", page.place(at.space)))
            }
            Piece::Intruder => {
                let at = at_space?;
                self.state.spacers.remove(&at);
                self.state.intruders.insert(
                    at,
                    Intruder {
                        baseline: true,
                        suppressed: false,
                        facing: Direction::South,
                    },
                );
                Some(format!("Intruder on {}", page.place(at.space)))
            }
            Piece::Blip => {
                let point = geo.nearest_intersection(pos);
                let at = PageIntersection {
                    page: page.id,
                    point,
                };
                self.state.blips.insert(at);
                self.dice.entry(at).or_insert(self.die);
                self.blip = Some(at);
                Some(format!("Blip on corner {point}"))
            }
            Piece::Door => {
                let edge = geo.edge_near(pos, EDGE_REACH)?;
                let EdgeKind::Door(number) = page.edge(edge)?.kind else {
                    return None;
                };
                let key = (page.id, number);
                let next = match self.state.door(page.id, number) {
                    DoorState::Closed => DoorState::Open,
                    DoorState::Open => DoorState::Welded,
                    DoorState::Welded => DoorState::Closed,
                };
                if next == DoorState::Closed {
                    self.state.doors.remove(&key);
                } else {
                    self.state.doors.insert(key, next);
                }
                Some(format!("Door {number}: {next:?}"))
            }
            Piece::Pick => {
                if let Some(point) = geo.intersection_near(pos, INTERSECTION_REACH) {
                    let at = PageIntersection {
                        page: page.id,
                        point,
                    };
                    if self.state.blips.contains(&at) {
                        self.blip = Some(at);
                        return Some(format!("Blip on corner {point} selected"));
                    }
                }
                let at = at_space?;
                self.sight_from = Some(at);
                if self.state.spacers.contains_key(&at) {
                    if self.analysis.uses_target() {
                        self.target = Some(at);
                    } else {
                        self.spacer = Some(at);
                    }
                }
                Some(format!("{} picked", page.place(at.space)))
            }
        }
    }

    /// A right click at `pos`: removes the Blip near it, else the figure on its space.
    pub fn remove(&mut self, page: &Page, geo: &Geometry, pos: Pos2) -> Option<String> {
        if let Some(point) = geo.intersection_near(pos, INTERSECTION_REACH) {
            let at = PageIntersection {
                page: page.id,
                point,
            };
            if self.state.blips.remove(&at) {
                self.dice.remove(&at);
                if self.blip == Some(at) {
                    self.blip = None;
                }
                return Some(format!("Blip on corner {point} removed"));
            }
        }
        let at = PageSpace {
            page: page.id,
            space: geo.space_at(pos)?,
        };
        let removed =
            self.state.spacers.remove(&at).is_some() || self.state.intruders.remove(&at).is_some();
        for selected in [&mut self.spacer, &mut self.target] {
            if *selected == Some(at) {
                *selected = None;
            }
        }
        removed.then(|| format!("Figure on {} removed", page.place(at.space)))
    }

    /// Removes every figure and resets the doors.
    pub fn clear(&mut self) {
        *self = Self {
            piece: self.piece,
            analysis: self.analysis,
            move_value: self.move_value,
            die: self.die,
            token: self.token,
            phase: self.phase,
            scout: self.scout,
            ..Self::default()
        };
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use std::path::Path;

    fn bundled() -> Pack {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/derelict-meridian-tithe");
        deckplan_schema::enormity::load::load_pack(&deckplan_schema::sources::Sources::pack(&path))
            .unwrap()
            .value
            .unwrap()
    }

    const L1P1: PageId = PageId { book: 1, page: 1 };

    /// A play test with a Spacer on L1p1 E4 (a board space).
    fn spacer_on_e4(move_value: u32) -> PlayTest {
        let at = PageSpace {
            page: L1P1,
            space: Space::new(3, 4),
        };
        let mut play = PlayTest {
            spacer: Some(at),
            move_value,
            ..PlayTest::default()
        };
        play.state.spacers.insert(at, Direction::North);
        play
    }

    #[test]
    fn the_board_is_built_once_per_map_version_and_answers_stay_right() {
        let pack = bundled();
        let first = MapVersion {
            document: 1,
            generation: 0,
        };
        let mut play = spacer_on_e4(6);
        play.refresh(&pack, first, Some(L1P1));
        let far = play.answer().reach.clone();
        assert!(far.len() > 10, "{far:?}");

        // Another question of the same map: answered again, board kept.
        play.move_value = 2;
        play.refresh(&pack, first, Some(L1P1));
        let near = play.answer().reach.clone();
        assert_eq!(play.boards_built, 1);
        let mut fresh = spacer_on_e4(2);
        fresh.refresh(&pack, first, Some(L1P1));
        assert_eq!(near, fresh.answer().reach);
        assert!(near.len() < far.len());

        // The same question again is not even asked.
        play.refresh(&pack, first, Some(L1P1));
        assert_eq!(play.boards_built, 1);

        // An edit, or another document, builds the board again.
        let edited = MapVersion {
            generation: 1,
            ..first
        };
        play.refresh(&pack, edited, Some(L1P1));
        assert_eq!(play.boards_built, 2);
        let other_document = MapVersion {
            document: 2,
            ..edited
        };
        play.refresh(&pack, other_document, Some(L1P1));
        assert_eq!(play.boards_built, 3);
        assert_eq!(play.answer().reach, near);
    }

    #[test]
    fn a_board_built_in_the_background_gives_the_same_answer() {
        let pack = bundled();
        let version = MapVersion {
            document: 1,
            generation: 0,
        };
        let mut waited = spacer_on_e4(4);
        waited.refresh(&pack, version, Some(L1P1));

        let wake: Wake = Arc::new(|| {});
        let mut play = spacer_on_e4(4);
        assert!(!play.refresh_in_background(&pack, version, Some(L1P1), &wake));
        assert!(play.is_building());
        assert!(play.answer().reach.is_empty());
        assert!(play.wait_for_worker(std::time::Duration::from_secs(60)));
        assert!(play.refresh_in_background(&pack, version, Some(L1P1), &wake));
        assert!(!play.is_building());
        assert_eq!(play.answer().reach, waited.answer().reach);
        assert_eq!(play.boards_built, 1);

        // A board still building for an older version is not used for a newer one.
        let edited = MapVersion {
            generation: 1,
            ..version
        };
        assert!(!play.refresh_in_background(&pack, edited, Some(L1P1), &wake));
        let newer = MapVersion {
            generation: 2,
            ..version
        };
        assert!(!play.refresh_in_background(&pack, newer, Some(L1P1), &wake));
        assert!(play.wait_for_worker(std::time::Duration::from_secs(60)));
        assert!(play.refresh_in_background(&pack, newer, Some(L1P1), &wake));
        assert_eq!(play.answer().reach, waited.answer().reach);
    }

    fn corner(space: &str) -> PageIntersection {
        PageIntersection {
            page: L1P1,
            point: Space::parse(space)
                .unwrap()
                .corner(deckplan_schema::enormity::Corner::NorthEast),
        }
    }

    fn space(name: &str) -> PageSpace {
        PageSpace {
            page: L1P1,
            space: Space::parse(name).unwrap(),
        }
    }

    /// A Spacer on `spacer` as the target, and Blips with their dice.
    fn blips_and_target(spacer: &str, blips: &[(&str, u32)], analysis: Analysis) -> PlayTest {
        let mut play = PlayTest {
            analysis,
            target: Some(space(spacer)),
            ..PlayTest::default()
        };
        play.state.spacers.insert(space(spacer), Direction::North);
        for (at, die) in blips {
            play.state.blips.insert(corner(at));
            play.dice.insert(corner(at), *die);
        }
        play
    }

    const VERSION: MapVersion = MapVersion {
        document: 1,
        generation: 0,
    };

    #[test]
    fn a_noise_roll_moves_every_blip_by_its_own_die_as_the_engine_resolves_it() {
        let pack = bundled();
        let mut play = blips_and_target("E6", &[("G8", 3), ("G9", 3), ("H5", 0)], Analysis::Noise);
        play.refresh(&pack, VERSION, Some(L1P1));
        let noise = play.answer().noise.clone().expect("a Noise answer");

        let board = Board::new(&pack);
        let dice: BTreeMap<PageIntersection, u32> =
            [(corner("G8"), 3), (corner("G9"), 3), (corner("H5"), 0)].into();
        let expected = blip_move::resolve_noise(&board, &play.state, space("E6"), &dice).unwrap();
        assert_eq!(noise.result, expected);
        assert_eq!(noise.dice, dice);
        // The quiet Blip is nearest; the other two each make three moves,
        // and G8's first move may go west or south: two end states.
        assert_eq!(
            noise.order,
            [vec![corner("H5")], vec![corner("G8")], vec![corner("G9")]]
        );
        let ends: Vec<Vec<PageIntersection>> = noise
            .result
            .outcomes
            .iter()
            .map(|o| o.moves.iter().map(|m| m.end).collect())
            .collect();
        assert_eq!(
            ends,
            [
                vec![corner("F6"), corner("E8")],
                vec![corner("E7"), corner("E8")]
            ]
        );

        // Picking the second end state draws it without asking again.
        assert_eq!(play.shown_outcome().map(|(i, _)| i), Some(0));
        play.outcome = 1;
        play.refresh(&pack, VERSION, Some(L1P1));
        assert_eq!(play.shown_outcome().map(|(i, _)| i), Some(1));
        play.outcome = 7;
        assert_eq!(play.shown_outcome().map(|(i, _)| i), Some(1));

        // Another die is another roll, shown from its first end state.
        play.outcome = 1;
        play.dice.insert(corner("G8"), 1);
        play.refresh(&pack, VERSION, Some(L1P1));
        assert_eq!(play.outcome, 0);
        assert_eq!(play.boards_built, 1);
        let g8 = &play.answer().noise.as_ref().unwrap().result.outcomes[0].moves[0];
        assert_eq!((g8.from, g8.steps.len()), (corner("G8"), 1));
    }

    #[test]
    fn a_blip_without_a_die_set_rolls_the_die_slider_and_clearing_forgets_every_die() {
        let mut play = blips_and_target("E6", &[("G8", 2)], Analysis::Noise);
        play.state.blips.insert(corner("G9"));
        play.die = 5;
        assert_eq!(
            play.noise_dice(),
            BTreeMap::from([(corner("G8"), 2), (corner("G9"), 5)])
        );
        // Clearing keeps the panel's settings but no figure or die.
        play.token = Token::Unique;
        play.clear();
        assert!(play.dice.is_empty() && play.state.blips.is_empty());
        assert_eq!((play.token, play.die), (Token::Unique, 5));
    }

    #[test]
    fn a_reveal_is_the_engines_with_the_revealed_blip_off_the_board() {
        let pack = bundled();
        let board = Board::new(&pack);

        // Token B in Extraction beside the Spacer on E1: three Intruders on
        // the three spaces next to it.
        let mut play = blips_and_target("E1", &[("E1", 0)], Analysis::Reveal);
        play.blip = Some(corner("E1"));
        play.token = Token::B;
        play.phase = Phase::Extraction;
        play.refresh(&pack, VERSION, Some(L1P1));
        let answer = play.answer().reveal.clone().expect("a reveal");
        assert_eq!(answer.blip, Some(corner("E1")));
        assert!(answer.next_to_spacer);
        assert_eq!(
            answer.steps,
            [
                RevealStep::PlaceIntruders {
                    count: 3,
                    spaces: vec![space("D1"), space("E2"), space("F1")],
                    adjacent: true,
                },
                RevealStep::Ambush,
                RevealStep::TokenToPool,
            ]
        );

        // An Echo on the spawn point C4 ne leaves it free for the new Blip;
        // with that Blip still standing there, the engine would pick A3 ne.
        let mut play = blips_and_target("E1", &[("C4", 0)], Analysis::Reveal);
        play.blip = Some(corner("C4"));
        play.token = Token::Echo;
        play.refresh(&pack, VERSION, Some(L1P1));
        let answer = play.answer().reveal.clone().expect("a reveal");
        assert!(!answer.next_to_spacer);
        let mut without = play.state.clone();
        without.blips.clear();
        let expected = reveal::reveal(
            &board,
            &without,
            space("E1"),
            Token::Echo,
            Phase::Infiltration,
            false,
        )
        .unwrap();
        assert_eq!(answer.steps, expected);
        let RevealStep::SpawnBlip(options) = &answer.steps[1] else {
            panic!("{:?}", answer.steps);
        };
        let at: Vec<PageIntersection> = options.iter().map(|o| o.at).collect();
        assert_eq!(at, [corner("C4")]);
        let kept = reveal::reveal(
            &board,
            &play.state,
            space("E1"),
            Token::Echo,
            Phase::Infiltration,
            false,
        )
        .unwrap();
        assert_ne!(kept, expected);
    }

    #[test]
    fn a_noise_roll_is_resolved_on_a_worker_with_the_boards_graphs() {
        let pack = bundled();
        let blips = [("G8", 3), ("G9", 3), ("G5", 0)];
        let mut waited = blips_and_target("E6", &blips, Analysis::Noise);
        waited.refresh(&pack, VERSION, Some(L1P1));
        let expected = waited.answer().noise.clone().unwrap();

        let wake: Wake = Arc::new(|| {});
        let mut play = blips_and_target("E6", &blips, Analysis::Noise);
        // First the board, then the roll, each on a worker.
        assert!(!play.refresh_in_background(&pack, VERSION, Some(L1P1), &wake));
        assert!(play.is_building());
        assert!(play.wait_for_worker(std::time::Duration::from_secs(60)));
        assert!(!play.refresh_in_background(&pack, VERSION, Some(L1P1), &wake));
        assert!(play.is_answering() && !play.is_building());
        assert!(play.answer().noise.is_none());

        // A die changed while the worker answers: its answer is dropped,
        // the graphs it borrowed kept, and the new roll resolved.
        play.dice.insert(corner("G8"), 1);
        assert!(play.wait_for_worker(std::time::Duration::from_secs(60)));
        assert!(play.answer().noise.is_none());
        assert!(!play.refresh_in_background(&pack, VERSION, Some(L1P1), &wake));
        assert!(play.wait_for_worker(std::time::Duration::from_secs(60)));
        assert!(play.refresh_in_background(&pack, VERSION, Some(L1P1), &wake));
        assert!(!play.is_busy());
        assert_eq!(play.boards_built, 1);
        let mut fresh = blips_and_target("E6", &blips, Analysis::Noise);
        fresh.dice.insert(corner("G8"), 1);
        fresh.refresh(&pack, VERSION, Some(L1P1));
        assert_eq!(play.answer().noise, fresh.answer().noise);
        assert_ne!(play.answer().noise.as_ref(), Some(&expected));

        // The first roll again: answered on the worker, the same as waiting for it.
        play.dice.insert(corner("G8"), 3);
        assert!(!play.refresh_in_background(&pack, VERSION, Some(L1P1), &wake));
        assert!(play.wait_for_worker(std::time::Duration::from_secs(60)));
        assert!(play.refresh_in_background(&pack, VERSION, Some(L1P1), &wake));
        assert_eq!(play.answer().noise.as_ref(), Some(&expected));
        assert_eq!(play.boards_built, 1);
    }

    #[test]
    fn playing_an_end_state_moves_the_blips_and_picks_a_revealed_one_for_reveal() {
        let pack = bundled();
        let mut play = blips_and_target(
            "E6",
            &[("A4", 4), ("G8", 3), ("B9", 2), ("G9", 3)],
            Analysis::Noise,
        );
        play.refresh(&pack, VERSION, Some(L1P1));
        let (_, outcome) = play.shown_outcome().unwrap();
        assert_eq!(outcome.revealed, [corner("D5")]);
        play.play_outcome();
        assert_eq!(
            play.state.blips,
            BTreeSet::from([corner("F6"), corner("C8"), corner("E8"), corner("D5")])
        );
        assert!(play.dice.is_empty());
        assert_eq!(play.analysis, Analysis::Reveal);
        assert_eq!(
            (play.blip, play.target),
            (Some(corner("D5")), Some(space("E6")))
        );
        play.refresh(&pack, VERSION, Some(L1P1));
        let reveal = play.answer().reveal.clone().unwrap();
        assert_eq!(reveal.blip, Some(corner("D5")));
        assert!(reveal.next_to_spacer);

        // With nothing revealed, the roll goes on from the new places.
        let mut play = blips_and_target("E6", &[("G8", 3), ("G9", 3)], Analysis::Noise);
        play.refresh(&pack, VERSION, Some(L1P1));
        play.outcome = 1;
        play.play_outcome();
        assert_eq!(
            play.state.blips,
            BTreeSet::from([corner("E7"), corner("E8")])
        );
        assert_eq!(play.analysis, Analysis::Noise);
    }
}
