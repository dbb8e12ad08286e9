"""Helpers shared by the hetcoll figures (hetcoll.figures.*) and their scripts.

Every input problem (missing file, missing column, unreadable number, nothing to draw)
is raised as PlotError and reported by `run` as one line naming the file, with exit
status 2, so that a script driving the plots can tell bad input from a crash. A choice made
for the caller is a warning of category Note, which `run` prints as one line on stderr.

A figure reads pandas DataFrames, one per input, named by attrs["source"] (the CSV's path, or
what the caller called a DataFrame): `as_frame` reads a path with `read_csv` (every cell as
text) or copies a DataFrame of a notebook; `checked` makes the columns a figure needs numbers.
"""
import contextlib
import contextvars
import os
import sys
import warnings

import pandas

# Paper order and spelling of the methods. Colours are fixed per method so that the same
# method has the same colour in Figure 4, Figure 6 and the Gantt charts.
METHODS = {
    "binomial-stat": ("Binomial-stat", "#d95f02"),
    "fibonacci-stat": ("Fibonacci-stat", "#1b9e77"),
    "tree-dyn": ("Tree-dyn", "#7570b3"),
    "non-commut-tree-dyn": ("Non-Commut-Tree-dyn", "#e7298a"),
}

EXIT_BAD_INPUT = 2


class PlotError(ValueError):
    """An input problem, reported as `FILE: message` on one line."""

    def __init__(self, path, message):
        super().__init__(f"{path}: {message}")


def script_name():
    return os.path.basename(sys.argv[0])


class Note(UserWarning):
    """A choice made for the caller: by a figure (the n it draws, the rows a log axis leaves out),
    or by the CLI (its `hetcoll: note: ...` lines, which hetcoll.run issues as warnings)."""


def note(message):
    """Tells the user about a choice made for them: a warning, which a script prints on stderr
    (`run`), so stdout stays parseable, and a notebook shows or filters as it does any warning."""
    warnings.warn(message, Note, stacklevel=2)


def show_note(message, category, *_where, **_options):
    if issubclass(category, Note):
        print(f"{script_name()}: note: {message}", file=sys.stderr)
    else:
        print(f"{script_name()}: warning: {message}", file=sys.stderr)


def run(main):
    """Runs main() and turns a PlotError into one line on stderr and exit status 2; prints each
    note on a line of its own."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always", Note)
            warnings.showwarning = show_note
            main()
    except PlotError as error:
        # Newlines inside a message would break the one-line contract.
        print(f"{script_name()}: error: {' '.join(str(error).split())}", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)


class MethodStyles:
    """Paper labels and fixed colours of a family's methods, in paper order.

    One table per family gives a method the same label and colour in every figure of its
    script. A name the table does not know (an algorithm added later) still plots: under its
    own name, in `fallback_colour`, after the known methods in alphabetical order.
    """

    def __init__(self, table, fallback_colour="#666666"):
        self.table = table
        self.fallback_colour = fallback_colour

    def label(self, algorithm):
        return self.table.get(algorithm, (algorithm, None))[0]

    def colour(self, algorithm):
        return self.table.get(algorithm, (None, self.fallback_colour))[1]

    def order(self, algorithms):
        """Known methods in paper order, then any other name alphabetically."""
        known = [name for name in self.table if name in algorithms]
        return known + sorted(set(algorithms) - set(self.table))


_RR8315_STYLES = MethodStyles(METHODS)
method_label = _RR8315_STYLES.label
method_colour = _RR8315_STYLES.colour
method_order = _RR8315_STYLES.order


def source(frame):
    """Where a DataFrame came from: its attrs["source"] (a CSV's path), for error messages."""
    return frame.attrs.get("source", "DataFrame")


def read_csv(path):
    """The CSV at `path` as a DataFrame of text cells (an empty cell is ""), named by its path
    (attrs["source"]); numbers are converted by `checked`, column by column, so that a bad cell
    is reported with its line. Any problem reading the file is a PlotError."""
    try:
        frame = pandas.read_csv(path, dtype=str, keep_default_na=False)
    except FileNotFoundError:
        raise PlotError(path, "no such file, expected a CSV written by hetcoll") from None
    except pandas.errors.EmptyDataError:
        raise PlotError(path, "empty file, expected a CSV header") from None
    except (OSError, UnicodeDecodeError, pandas.errors.ParserError) as error:
        raise PlotError(path, f"cannot read ({' '.join(str(error).split())}), "
                              "expected a CSV written by hetcoll") from None
    frame.attrs["source"] = path
    return frame


def as_frame(data, name="DataFrame"):
    """A DataFrame of a CSV path or of a DataFrame (a copy, so that one DataFrame can be drawn
    by several figures); a DataFrame is named by its attrs["source"], else by `name`."""
    if isinstance(data, (str, bytes)) or hasattr(data, "__fspath__"):
        return read_csv(str(data))
    if isinstance(data, pandas.DataFrame):
        frame = data.copy()
        frame.columns = [str(column) for column in frame.columns]
        frame.attrs = {**data.attrs, "source": data.attrs.get("source", name)}
        return frame
    raise PlotError(name, f"a {type(data).__name__}; expected a CSV path or a pandas DataFrame")


def parameter_columns(header):
    """The parameter columns of a hetcoll CSV: those between `algorithm` and `replications` (a
    summary) or `replication` (raw, trace). A cell of one is empty where its key does not apply
    to the row's point (docs/outputs.md)."""
    header = list(header)
    for end in ("replications", "replication"):
        if "algorithm" in header and end in header:
            return tuple(header[header.index("algorithm") + 1:header.index(end)])
    return ()


def is_empty(value):
    """True for an empty CSV cell: "" as read_csv reads it, None, or NaN once numbers."""
    return value is None or value == "" or (isinstance(value, float) and value != value)


def checked(frame, columns, numeric):
    """A copy of `frame` checked to hold `columns`, the `numeric` ones as floats; an empty cell
    of a parameter column (a key that does not apply to the point) is NaN, any other cell that
    is no number a PlotError naming its line (the header is line 1).

    Other columns are kept as read, so new documented columns do not break the plots.
    """
    path = source(frame)
    missing = [name for name in columns if name not in frame.columns]
    if missing:
        raise PlotError(path, f"missing column(s) {','.join(missing)}; "
                              f"expected header with {','.join(columns)}")
    optional = set(parameter_columns(frame.columns))
    frame = frame.copy()
    for name in numeric:
        cells = frame[name]
        empty = cells.isna() | (cells.astype(str) == "")
        if name not in optional:
            empty[:] = False
        kept = cells.mask(empty)
        bad = pandas.to_numeric(kept, errors="coerce").isna() & ~empty
        if bad.any():
            line = int(bad.to_numpy().argmax()) + 2
            raise PlotError(path, f"line {line}: column {name} = {cells[bad].iloc[0]!r}, expected a number")
        # astype(float) parses as Python's float() does, to the last bit (to_numeric does not
        # always): to_numeric above only finds the cells that are no number.
        frame[name] = kept.astype(float)
    return frame


def records(frame, columns, numeric):
    """The rows of `checked(frame, columns, numeric)` as dicts, for the drawing code that walks
    them; an empty cell is None there, so that two rows of one point compare equal."""
    frame = checked(frame, columns, numeric).astype(object)
    return frame.where(frame.notna(), None).to_dict("records")


def frame_of(rows, path):
    """A DataFrame of rows (dicts, as `records` gives them) named by `path`."""
    frame = pandas.DataFrame(rows)
    frame.attrs["source"] = path
    return frame


def require_unique(frame, keys, what="point"):
    """Refuses two rows with the same values of `keys` (one would be hidden, or a line would
    zigzag), naming the parameter columns in which they differ."""
    twins = frame[frame.duplicated(list(keys), keep=False)]
    if twins.empty:
        return
    first = twins.iloc[0]
    rows = twins[(twins[list(keys)] == first[list(keys)]).all(axis=1)]
    where = ", ".join(f"{name} {value:g}" if isinstance(value, float) else f"{name} {value}"
                      for name, value in first[list(keys)].items())
    differ = [name for name in parameter_columns(frame.columns)
              if rows[name].astype(str).nunique() > 1]
    raise PlotError(source(frame), f"two rows for {where}"
                                   + (f" (they differ in {', '.join(differ)})" if differ else "")
                                   + f"; expected one row per {what}")


def cell_text(value):
    """A cell as the CSV wrote it, whether read as text or as a number (a whole float without
    its ".0": 10, not 10.0)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value) if isinstance(value, float) else str(value)


def distinct(rows, column):
    """The column's values, sorted, without the empty cells of keys that do not apply."""
    return sorted({row[column] for row in rows if not is_empty(row[column])})


def default_output(path):
    return os.path.splitext(path)[0] + ".png"


def use_file_backend():
    """The scripts draw to files: the Agg backend, so they run without a display. Only the
    scripts call this; a notebook importing the figures keeps its own backend."""
    try:
        import matplotlib
    except ImportError:
        raise PlotError(sys.executable, "matplotlib not importable; run the script with "
                                        "/usr/bin/python3 (Debian's python3-matplotlib)") from None
    matplotlib.use("Agg")


# The caller's Axes a figure of one panel draws on (hetcoll.plot's ax=), or None: a new Figure.
_CALLER_AXES = contextvars.ContextVar("caller_axes", default=None)


@contextlib.contextmanager
def drawing_on(axes):
    """Within it, a figure of one panel draws on `axes` instead of a new Figure (None: a new one)."""
    token = _CALLER_AXES.set(axes)
    try:
        yield
    finally:
        _CALLER_AXES.reset(token)


def caller_axes():
    """The Axes of drawing_on, or None."""
    return _CALLER_AXES.get()


class OnCallerAxes:
    """pyplot for a figure drawn on the caller's Axes: `subplots` of one panel gives that Axes
    and its Figure (the figure's size and layout are the caller's); a figure of several panels,
    or one laying out its own, is refused. Everything else is pyplot's."""

    def __init__(self, plt, axes):
        self._plt = plt
        self._axes = axes

    def subplots(self, nrows=1, ncols=1, *, squeeze=True, **_layout):
        if nrows * ncols != 1:
            raise ValueError(f"ax: this figure draws {nrows} x {ncols} panels here, which one Axes cannot "
                             "hold; call it without ax")
        if squeeze:
            return self._axes.figure, self._axes
        import numpy
        grid = numpy.empty((1, 1), dtype=object)
        grid[0, 0] = self._axes
        return self._axes.figure, grid

    def figure(self, *_args, **_options):
        raise ValueError("ax: this figure lays out panels of its own; call it without ax")

    def __getattr__(self, name):
        return getattr(self._plt, name)


def pyplot():
    """matplotlib.pyplot, or within drawing_on(axes) its stand-in that draws on those axes."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotError(sys.executable, "matplotlib not importable; run the script with "
                                        "/usr/bin/python3 (Debian's python3-matplotlib)") from None
    axes = caller_axes()
    return plt if axes is None else OnCallerAxes(plt, axes)


def refuse_input_as_output(path, inputs):
    """PlotError if the output `path` is one of the `inputs` (the same file, or for a file not yet
    written the same normalised path): an input is never an output."""
    for source in inputs:
        same = os.path.exists(path) and os.path.exists(source) and os.path.samefile(path, source)
        if same or os.path.normpath(os.path.abspath(path)) == os.path.normpath(os.path.abspath(source)):
            raise PlotError(path, f"the output is the input {source}; name another output")


def save(figure, path, what, inputs=()):
    """Writes the figure, reports `path: what` on stdout and frees the figure; refuses an output
    that is one of the `inputs`."""
    try:
        refuse_input_as_output(path, inputs)
        figure.savefig(path, dpi=150, bbox_inches="tight")
    except OSError as error:
        raise PlotError(path, f"cannot write the PNG ({error.strerror})") from None
    finally:
        import matplotlib.pyplot as plt
        plt.close(figure)
    print(f"{path}: {what}")
