"""Helpers shared by the hetcoll figures (hetcoll_plots.*) and their scripts.

Every input problem (missing file, missing column, unreadable number, nothing to draw)
is raised as PlotError and reported by `run` as one line naming the file, with exit
status 2, so that a script driving the plots can tell bad input from a crash.

A figure reads Tables: a CSV's header and rows as strings, with the name of where they came
from (the file's path, or what the caller called a DataFrame). `as_table` makes one of a path,
a pandas DataFrame or a Table, so the figures take DataFrames in a notebook while the command
line needs no pandas (Debian's python3-matplotlib does not bring it).
"""
import csv
import os
import sys

# Paper order and spelling of the methods. Colours are fixed per method so that the same
# method has the same colour in Figure 4, Figure 6 and the Gantt charts.
METHODS = {
    "binomial-stat": ("Binomial-stat", "#d95f02"),
    "fibonacci-stat": ("Fibonacci-stat", "#1b9e77"),
    "tree-dyn": ("Tree-dyn", "#7570b3"),
    "non-commut-tree-dyn": ("Non-Commut-Tree-dyn", "#e7298a"),
}

EXIT_BAD_INPUT = 2


class PlotError(Exception):
    """An input problem, reported as `FILE: message` on one line."""

    def __init__(self, path, message):
        super().__init__(f"{path}: {message}")


def script_name():
    return os.path.basename(sys.argv[0])


def note(message):
    """Tells the user about a choice made for them (stderr, so stdout stays parseable)."""
    print(f"{script_name()}: note: {message}", file=sys.stderr)


def run(main):
    """Runs main() and turns a PlotError into one line on stderr and exit status 2."""
    try:
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


class Table:
    """A CSV's column names in file order and its rows as {column: text}, named by `source`."""

    def __init__(self, source, header, rows, attrs=None):
        self.source = source
        self.header = list(header)
        self.rows = rows
        self.attrs = dict(attrs or {})  # a DataFrame's attrs, e.g. "intra" for steffenel-intra

    def __repr__(self):
        return f"Table({self.source!r}, {len(self.rows)} rows)"


def read_table(path):
    """The Table of a CSV file with a header row; any problem reading it is a PlotError."""
    try:
        with open(path, newline="") as handle:
            reader = csv.DictReader(handle)
            header = reader.fieldnames or []
            if not header:
                raise PlotError(path, "empty file, expected a CSV header")
            return Table(path, header, list(reader))
    except FileNotFoundError:
        raise PlotError(path, "no such file, expected a CSV written by hetcoll") from None
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise PlotError(path, f"cannot read ({error}), expected a CSV written by hetcoll") from None


def as_table(data, name="DataFrame"):
    """A Table of a path, a Table, or a pandas DataFrame (or anything with `columns` and
    `to_dict("records")`); a DataFrame is named by its attrs["source"], else by `name`."""
    if isinstance(data, Table):
        return data
    if isinstance(data, (str, bytes)) or hasattr(data, "__fspath__"):
        return read_table(str(data))
    if hasattr(data, "columns") and hasattr(data, "to_dict"):
        attrs = getattr(data, "attrs", {})
        return Table(attrs.get("source", name), [str(column) for column in data.columns],
                     data.to_dict("records"), attrs)
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
    """True for an empty CSV cell: "" as csv reads it, None, or NaN as pandas reads it."""
    return value is None or value == "" or (isinstance(value, float) and value != value)


def table_rows(table, columns, numeric):
    """Copies of the table's rows, checked to hold `columns`, the `numeric` ones as floats; an
    empty parameter cell (a key that does not apply to the point) is None.

    Other columns are kept but not checked, so new documented columns do not break the plots.
    Copies, so that one DataFrame or Table can be drawn by several figures.
    """
    missing = [name for name in columns if name not in table.header]
    if missing:
        raise PlotError(table.source, f"missing column(s) {','.join(missing)}; "
                                      f"expected header with {','.join(columns)}")
    optional = set(parameter_columns(table.header))
    # Line numbers as in the file: the header is line 1.
    return [_convert(dict(row), numeric, table.source, line, optional)
            for line, row in enumerate(table.rows, start=2)]


def read_rows(path, columns, numeric):
    """The rows of the CSV at `path` (see table_rows)."""
    return table_rows(read_table(path), columns, numeric)


def _convert(row, numeric, path, line, optional=()):
    for name in numeric:
        if name in optional and is_empty(row[name]):
            row[name] = None
            continue
        try:
            row[name] = float(row[name])
        except (TypeError, ValueError):
            raise PlotError(path, f"line {line}: column {name} = {row[name]!r}, "
                                  "expected a number") from None
    return row


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


def pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotError(sys.executable, "matplotlib not importable; run the script with "
                                        "/usr/bin/python3 (Debian's python3-matplotlib)") from None
    return plt


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
        pyplot().close(figure)
    print(f"{path}: {what}")
