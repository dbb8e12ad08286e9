"""The registry of hetcoll's figures: name -> description, expected CSVs, drawing function.

Names are `<paper>-<figure>`: rr8315 (Benoit, Canon, Marchal, INRIA RR-8315), liu (Liu & Wang,
IPDPS 2000), bmr (Beaumont, Marchal, Robert, HiPC 2005), jw (Jeannot & Wagner, redistribution),
steffenel (Steffenel, RR inria-00116897); the figure part is the paper's figure number when the
drawing reproduces one (rr8315-fig4), else a word for what it shows (liu-ratio), plus `gantt` for
any family's trace. Two paper figures drawn by one function from different scenarios (bmr-fig2
and bmr-fig3, steffenel-fig7 and steffenel-fig8) are two names: a reader looks a figure up by
the paper's number.

Titles: the figure's title says what is drawn, from the data, and names the paper only as
"(cf. RR-8315 Fig. 4)" (or "past the paper: ..." for a figure of ours), since the CSV may be the user's own run; `title=` replaces it whole.
The axes' subtitles keep the details read from the data (n, CV, runs per point).
"""
from . import (against_mpi, broadcast, clairvoyance, common as pc, divisible, gantt, liu, redistribute,
               reduce, uncertainty)

RR8315 = "RR-8315"
LIU = "Liu & Wang, IPDPS 2000"
BMR = "Beaumont, Marchal, Robert, HiPC 2005"
JW = "Jeannot & Wagner"
STEFFENEL = "Steffenel, RR inria-00116897"


class Input:
    """One CSV a figure reads: which of hetcoll's outputs (`--output` summary, `--raw`,
    `--trace`) and the scenarios that write it."""

    def __init__(self, kind, scenarios):
        self.kind = kind
        self.scenarios = scenarios

    def __str__(self):
        return f"{self.kind} of {self.scenarios}"


class Figure:
    """A registered figure. `draw(data, title=None, **options)` returns a matplotlib Figure.

    data: a list of CSV paths or pandas DataFrames, one per input (the last input may repeat
    when `repeats`); one item alone may be given without the list.
    options: those named in `options` (algorithm: draw only that algorithm of a trace;
    table: bmr-gap also prints a Markdown table).
    """

    def __init__(self, name, description, inputs, draw_tables, reference=None, repeats=False,
                 options=()):
        self.name = name
        self.description = description
        self.inputs = inputs
        self.draw_tables = draw_tables
        self.reference = reference  # "cf. <paper>, Fig. N" or "past the paper: <paper>"
        self.repeats = repeats
        self.options = options

    def expects(self):
        text = ", then ".join(str(item) for item in self.inputs)
        return text + (" (one or more)" if self.repeats else "")

    def frames(self, data):
        """The inputs as DataFrames named by their source, as many as the figure draws."""
        if isinstance(data, str) or hasattr(data, "columns"):
            data = [data]
        tables = [pc.as_frame(item, f"DataFrame {index + 1}") for index, item in enumerate(data)]
        wanted = len(self.inputs)
        if len(tables) < wanted or (len(tables) > wanted and not self.repeats):
            where = pc.source(tables[wanted]) if len(tables) > wanted else (pc.source(tables[-1]) if tables else self.name)
            count = f"{wanted} or more" if self.repeats else str(wanted)
            raise pc.PlotError(where, f"{self.name} draws {count} CSV(s), got {len(tables)}: "
                                      f"expected {self.expects()}")
        return tables

    def default_title(self, subject, reference=None):
        reference = reference or self.reference
        subject = subject[:1].upper() + subject[1:]
        return subject + (f" ({reference})" if reference else "")

    def draw(self, data, title=None, reference=None, **options):
        """The matplotlib Figure; `title` replaces the default title, `reference` its
        "(cf. ...)" part. Input problems raise hetcoll.figures.PlotError."""
        unknown = sorted(name for name, value in options.items() if value and name not in self.options)
        if unknown:
            raise pc.PlotError(self.name, f"no option {', '.join(unknown)} for this figure"
                                          + (f"; it takes {', '.join(self.options)}" if self.options else ""))
        figure, subject = self.draw_tables(self.frames(data), options)
        # On the caller's Axes (hetcoll.plot's ax=) the Figure is the caller's: titled only if asked.
        if title is not None or pc.caller_axes() is None:
            figure.suptitle(title if title is not None else self.default_title(subject, reference), fontsize=11)
        return figure


def _figures(*entries):
    return {entry.name: entry for entry in entries}


def summary(*scenarios):
    return Input("summary CSV (--output)", " or ".join(f"scenarios/{name}.ini" for name in scenarios))


def trace(*scenarios):
    return Input("trace CSV (--trace)", " or ".join(f"scenarios/{name}.ini" for name in scenarios))


def raw(*scenarios):
    return Input("raw CSV (--raw)", " or ".join(f"scenarios/{name}.ini" for name in scenarios))


FIGURES = _figures(
    Figure("rr8315-fig4", "mean makespan per method against the CV of the costs, q10-q90 bands",
           [summary("rr8315-fig4")], reduce.FIGURES["rr8315-fig4"], f"cf. {RR8315} Fig. 4"),
    Figure("rr8315-fig5", "heat map of mean(Fibonacci-stat) / mean(Tree-dyn) over CV x mu_c/mu_d",
           [summary("rr8315-fig5")], reduce.FIGURES["rr8315-fig5"], f"cf. {RR8315} Fig. 5"),
    Figure("rr8315-fig6", "best non-commutative method per CV x mu_c/mu_d cell",
           [summary("rr8315-fig6")], reduce.FIGURES["rr8315-fig6"], f"cf. {RR8315} Fig. 6"),
    Figure("liu-fig1", "Gantt chart per algorithm with the validity count 2A(t) + C(t)",
           [trace("liu-fig1")], liu.FIGURES["liu-fig1"], f"cf. {LIU}, Figs. 1, 3 and 5"),
    Figure("liu-fig8", "SNF and the optimum against x, with the paper's curves",
           [summary("liu-fig8")], liu.FIGURES["liu-fig8"], f"cf. {LIU}, Fig. 8"),
    Figure("liu-ratio", "makespan / optimum per n, one panel per CSV, and the bound of Theorem 2",
           [summary("liu-theorem1", "liu-theorem3", "liu-ratio-gamma", "liu-ratio-uniform")],
           liu.FIGURES["liu-ratio"], f"cf. {LIU}, Theorems 1-3", repeats=True),
    Figure("liu-scaling", "makespan / lower bound against n in large clusters",
           [summary("liu-scaling")], liu.FIGURES["liu-scaling"], f"past the paper: {LIU}"),
    Figure("reduce-clairvoyance", "heat maps of mean(SNF) / mean(Tree-dyn) and / mean(Binomial-stat) over CV x slow/fast",
           [summary("reduce-clairvoyance-map")], clairvoyance.FIGURES["reduce-clairvoyance"],
           f"beyond {LIU} and {RR8315}"),
    Figure("bmr-fig2", "Gantt chart of a divisible-load schedule per algorithm",
           [trace("bmr-fig2")], divisible.FIGURES["bmr-gantt"], f"cf. {BMR}, Fig. 2", options=("algorithm",)),
    Figure("bmr-fig3", "Gantt chart of a divisible-load schedule per algorithm (given orders)",
           [trace("bmr-fig3")], divisible.FIGURES["bmr-gantt"], f"cf. {BMR}, Fig. 3", options=("algorithm",)),
    Figure("bmr-fig4", "(a), (c) throughput / OPT-FIFO against w/c; (b) workers OPT-FIFO enrols",
           [summary("bmr-fig4a"), summary("bmr-fig4b"), summary("bmr-fig4c")],
           divisible.FIGURES["bmr-fig4"], f"cf. {BMR}, Fig. 4"),
    Figure("bmr-gap", "ECDF of throughput / optimal throughput per heuristic (option table)",
           [raw("bmr-optimal-gap")], divisible.FIGURES["bmr-gap"], f"past the paper: {BMR}", options=("table",)),
    Figure("jw-fig7", "DGGP time / lower bound against the number of edges, per k",
           [summary("jw-fig7")], redistribute.FIGURES["jw-fig7"], f"cf. {JW}, Fig. 7"),
    Figure("jw-fig8", "OGGP and DGGP time / lower bound and OGGP / DGGP per instance, against k",
           [summary("jw-fig8"), raw("jw-fig8")], redistribute.FIGURES["jw-fig8"], f"cf. {JW}, Fig. 8"),
    Figure("jw-fig9", "share of instances where DGGP beats OGGP, per k",
           [summary("jw-fig9"), raw("jw-fig9")], redistribute.FIGURES["jw-fig9"], f"cf. {JW}, Fig. 9"),
    Figure("jw-sharing", "time / lower bound under SimGrid's bandwidth sharing, capped and uncapped",
           [summary("jw-sharing")], redistribute.FIGURES["jw-sharing"], f"past the paper, set-up of {JW}, Fig. 7"),
    Figure("steffenel-fig7", "mean completion time per heuristic against 2-10 clusters, 95% CI",
           [summary("steffenel-fig7")], broadcast.FIGURES["steffenel-clusters"], f"cf. {STEFFENEL}, Fig. 7"),
    Figure("steffenel-fig8", "mean completion time per heuristic against 2-50 clusters, 95% CI",
           [summary("steffenel-fig8")], broadcast.FIGURES["steffenel-clusters"], f"cf. {STEFFENEL}, Fig. 8"),
    Figure("steffenel-grid", "predicted and simulated completion time per heuristic, one message size",
           [summary("steffenel-grid5000", "broadcast-two-sites")], broadcast.FIGURES["steffenel-grid"],
           f"cf. {STEFFENEL}, Figs. 9 and 10"),
    Figure("steffenel-sizes", "predicted and simulated completion time against the message size",
           [summary("steffenel-grid5000", "broadcast-two-sites")], broadcast.FIGURES["steffenel-sizes"],
           f"cf. {STEFFENEL}, Figs. 9 and 10"),
    Figure("steffenel-intra", "intra-cluster strategies, one panel per CSV, and 16 machines compared",
           [summary("steffenel-fig3", "steffenel-fig4", "steffenel-fig5")], broadcast.FIGURES["steffenel-intra"],
           f"cf. {STEFFENEL}, Figs. 3-6", repeats=True),
    Figure("reduce-uncertainty", "makespan against the CV of the costs, planners and non-clairvoyant; ratio to the best",
           [summary("reduce-uncertain-costs"), raw("reduce-uncertain-costs")],
           uncertainty.FIGURES["reduce-uncertainty"], f"beyond {LIU} and {RR8315}"),
    Figure("divisible-uncertainty", "throughput against the CV of the costs; ratio to the replication's best; to CV 0",
           [summary("divisible-uncertainty"), raw("divisible-uncertainty")],
           uncertainty.FIGURES["divisible-uncertainty"], f"beyond {BMR}"),
    Figure("redistribute-uncertainty", "time against the CV of the streams; ratio to the replication's best; to CV 0",
           [summary("redistribute-uncertainty"), raw("redistribute-uncertainty")],
           uncertainty.FIGURES["redistribute-uncertainty"], f"beyond {JW}"),
    Figure("broadcast-uncertainty", "completion time against the CV of the costs; ratio to the replication's best; to CV 0",
           [summary("broadcast-uncertainty"), raw("broadcast-uncertainty")],
           uncertainty.FIGURES["broadcast-uncertainty"], f"beyond {STEFFENEL}"),
    Figure("against-mpi", "mean over the better MPI default's (ompi-tuned, mpich) against the CV, one panel per CSV",
           [summary("reduce-mpi-two-sites", "reduce-mpi-rr8315", "broadcast-mpi-two-sites", "broadcast-mpi-grid5000")],
           against_mpi.FIGURES["against-mpi"], f"beyond {RR8315}, {LIU} and {STEFFENEL}", repeats=True),
    Figure("gantt", "Gantt chart of one replication of any family's trace",
           [Input("trace CSV (--trace)", "any scenario run with --trace")], gantt.draw_trace, None, options=("algorithm",)),
)


def draw(name, data, title=None, **options):
    """FIGURES[name].draw(data, title, **options), naming the figures when `name` is unknown."""
    if name not in FIGURES:
        raise pc.PlotError(name, f"no such figure; one of {', '.join(FIGURES)}")
    return FIGURES[name].draw(data, title, **options)
