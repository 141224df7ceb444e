"""Cut files (`pnp build --cut-files/--cut-marks`): every cut path measured against the
PDF's own drawing of the same piece (crop marks and art for straight cuts, the printed
outline of round and hex pieces, draw_split's cut and fold lines for board pieces) within
0.1 mm; the SVG against the rules cutting software reads; registration marks on both, in
room the layout keeps free; same command, same bytes; clear errors."""

from __future__ import annotations

import ctypes
import itertools
import math
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from reportlab.lib.colors import HexColor

from pnp.games import game_names, part
from pnp.printing import build as build_module
from pnp.printing.build import BuildError, BuildRequest, build, plan
from pnp.printing.cutfile import cut_file_name
from pnp.printing.cuts import MARKS, CutError, is_cut, item_cuts
from pnp.printing.game import CheckSample, ExportPiece, GamePrinting, page_component
from pnp.printing.placement import Component, Paper, PlacementError, furniture
from tests.printing.pdfgeom import MM, page_size, path_boxes

TOL = 0.1
CROP = furniture().crop_length
SVG = "{http://www.w3.org/2000/svg}"


# --- Reading the SVG back (an independent reader: arcs by the SVG 1.1 rules) ------------

def _arc(p0, rx, ry, large, sweep, p1, step=0.5):
    """Points along an SVG elliptical arc (no rotation), SVG 1.1 F.6.5."""
    (x1, y1), (x2, y2) = p0, p1
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    lam = dx * dx / (rx * rx) + dy * dy / (ry * ry)
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * dy * dy - ry * ry * dx * dx
    den = rx * rx * dy * dy + ry * ry * dx * dx
    k = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = k * rx * dy / ry, -k * ry * dx / rx
    cx, cy = cxp + (x1 + x2) / 2, cyp + (y1 + y2) / 2
    a1 = math.atan2((dy - cyp) / ry, (dx - cxp) / rx)
    a2 = math.atan2((-dy - cyp) / ry, (-dx - cxp) / rx)
    delta = a2 - a1
    if sweep and delta < 0:
        delta += 2 * math.pi
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    n = max(4, math.ceil(abs(delta) * max(rx, ry) / step))
    return [(cx + rx * math.cos(a1 + delta * t / n), cy + ry * math.sin(a1 + delta * t / n))
            for t in range(1, n + 1)]


def read_path(d: str) -> tuple[list[tuple[float, float]], bool]:
    """Points along path data made of M, L, H, V, A, Z (what the writer emits), the
    corners exact, and whether the path is closed."""
    tokens = re.findall(r"[MLHVAZ]|-?\d+(?:\.\d+)?", d)
    pts: list[tuple[float, float]] = []
    closed, i, cmd = False, 0, None
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd, i = tokens[i], i + 1
            if cmd == "Z":
                closed = True
                continue
        args = tokens
        if cmd in ("M", "L"):
            pts.append((float(args[i]), float(args[i + 1])))
            i += 2
        elif cmd == "H":
            pts.append((float(args[i]), pts[-1][1]))
            i += 1
        elif cmd == "V":
            pts.append((pts[-1][0], float(args[i])))
            i += 1
        elif cmd == "A":
            rx, ry, _rot, large, sweep, x, y = (float(v) for v in args[i:i + 7])
            pts += _arc(pts[-1], rx, ry, int(large), int(sweep), (x, y))
            i += 7
        else:
            raise AssertionError(f"unexpected path command {cmd!r} in {d!r}")
    return pts, closed


def densify(points, closed: bool, step: float = 0.5):
    pts = list(points) + ([points[0]] if closed else [])
    out = [pts[0]]
    for a, b in itertools.pairwise(pts):
        n = max(1, math.ceil(math.dist(a, b) / step))
        out += [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
                for k in range(1, n + 1)]
    return np.array(out)


def layers(path: Path) -> dict[str, list[tuple[str, str]]]:
    """Each layer's (id, path data)."""
    root = ET.parse(path).getroot()
    return {g.get("id"): [(p.get("id"), p.get("d")) for p in g.iter(f"{SVG}path")]
            for g in root.iter(f"{SVG}g")}


# --- Reading the PDF's own geometry ----------------------------------------------------

def pdf_paths(page: pdfium.PdfPage) -> list[dict]:
    """Every top-level path: points along it in page mm (y down; curves sampled), stroke
    colour and width (in its own units: mm here), dashed or not, filled or not."""
    height_pt = page.get_size()[1]
    out = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        m = raw.FS_MATRIX()
        raw.FPDFPageObj_GetMatrix(obj.raw, m)
        ma, mb, mc, md, me, mf = m.a, m.b, m.c, m.d, m.e, m.f
        raw_points, kinds = [], []
        x, y = ctypes.c_float(), ctypes.c_float()        # reused: read at once
        for i in range(raw.FPDFPath_CountSegments(obj.raw)):
            seg = raw.FPDFPath_GetPathSegment(obj.raw, i)
            raw.FPDFPathSegment_GetPoint(seg, x, y)
            px, py = x.value, y.value
            X = ma * px + mc * py + me
            Y = mb * px + md * py + mf
            raw_points.append((X * MM, (height_pt - Y) * MM))
            kinds.append(raw.FPDFPathSegment_GetType(seg))
        points, k = [], 0
        while k < len(raw_points):                # curves sampled: points on the path
            if kinds[k] == raw.FPDF_SEGMENT_BEZIERTO and points:
                # in plain floats, x and y apart: a numpy array a point costs more than
                # the rest of the reading
                p0, p1, p2, p3 = points[-1], *raw_points[k:k + 3]
                for t in (0.25, 0.5, 0.75, 1.0):
                    a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
                    points.append(tuple(a * p0[i] + b * p1[i] + c * p2[i] + d * p3[i]
                                        for i in (0, 1)))
                k += 3
            else:
                points.append(raw_points[k])
                k += 1
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        raw.FPDFPageObj_GetStrokeColor(obj.raw, r, g, b, a)
        width = ctypes.c_float()
        raw.FPDFPageObj_GetStrokeWidth(obj.raw, width)
        fill, stroke = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
        fr, fg, fb, fa = (ctypes.c_uint() for _ in range(4))
        raw.FPDFPageObj_GetFillColor(obj.raw, fr, fg, fb, fa)
        out.append({"points": points, "stroke": (r.value, g.value, b.value),
                    "width": round(width.value, 4), "stroked": bool(stroke.value),
                    "dashed": raw.FPDFPageObj_GetDashCount(obj.raw) > 0,
                    "filled": bool(fill.value), "fill": (fr.value, fg.value, fb.value)})
    return out


def segments(polylines) -> np.ndarray:
    """The straight pieces of polylines ((points, closed) pairs), as an (n, 2, 2) array."""
    out = []
    for points, closed in polylines:
        pts = list(points) + ([points[0]] if closed else [])
        out += list(itertools.pairwise(pts))
    return np.array(out, dtype=float).reshape(-1, 2, 2)


def near(points: np.ndarray, segs: np.ndarray) -> np.ndarray:
    """Each point's distance to the nearest segment."""
    a, b = segs[None, :, 0], segs[None, :, 1]
    p = points[:, None, :]
    ab = b - a
    t = np.clip(((p - a) * ab).sum(-1) / np.maximum((ab * ab).sum(-1), 1e-12), 0, 1)
    return np.hypot(*np.moveaxis(p - (a + t[..., None] * ab), -1, 0)).min(axis=1)


# --- Builds ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("cutfiles")


@cache
def _built(folder: Path, game: str, **options):
    request = BuildRequest(game, printing=part(game, "printing"), **options)
    key = "-".join(f"{k}={v}" for k, v in sorted(options.items())) or "plain"
    result = build(request, folder / game / key)
    return request, result


def built(out: Path, game: str = "asterion", **options):
    return _built(out, game, **options)


ASTERION = [dict(edition="crete", cut_files=True),
            dict(edition="crete", cut_files=True, cut_marks=True),
            dict(edition="revised", cut_files=True, cut_marks=True, paper="letter"),
            dict(edition="crete", cut_files=True, paper="a3", bleed=0.0)]
ASTERION_IDS = ["crete", "crete-marks", "revised-letter-marks", "crete-a3-nobleed"]
# Every other game with marks on the papers beyond A4 (A4 is measured below, by default
# and with marks): Assyria's board has a cut line of its own between the Ashur temple and
# its captions, which once split it inside the marks on A4 only.
OTHERS_MARKED = [dict(game=g, paper=p, cut_files=True, cut_marks=True)
                 for g in game_names("printing") if g != "asterion" for p in ("letter", "a3")]
OTHERS_MARKED_IDS = [f"{o['game']}-{o['paper']}" for o in OTHERS_MARKED]
MARKED = [ASTERION[1], ASTERION[2], *OTHERS_MARKED]
MARKED_IDS = ASTERION_IDS[1:3] + OTHERS_MARKED_IDS


def cut_pages(request):
    _ctx, pages = plan(request)
    return [p for p in pages if is_cut(p)]


# --- Which files, which paths ------------------------------------------------------------

@pytest.mark.parametrize("options", ASTERION, ids=ASTERION_IDS)
def test_one_cut_file_per_cut_sheet_with_exactly_its_pieces(out, options):
    request, result = built(out, **options)
    pages = cut_pages(request)
    assert [cut_file_name(result.path, p.sheet) for p in pages] == list(result.cut_files)
    assert sorted(result.path.parent.glob("*-cut.svg")) == sorted(result.cut_files)
    for page, path in zip(pages, result.cut_files, strict=True):
        found = layers(path)
        ids = {i for i, _d in found["cut"]}
        assert ids == {f"cut-{item.component.id}" for item in page.items}
        folds = {i.rsplit("-", 1)[0] for i, _d in found["score"]}
        assert folds == {f"score-{item.component.id}" for item in page.items
                         if item.component.folds}


def test_full_page_sheets_are_not_cut(out):
    request, result = built(out, edition="crete", cut_files=True)
    _ctx, pages = plan(request)
    fronts = [p for p in pages if p.side == "front"]
    for page in fronts:
        if page.kind in ("check", "aid"):
            assert not is_cut(page)
            assert item_cuts(page.items[0]) is None
            assert not cut_file_name(result.path, page.sheet).exists()
    assert {p.kind for p in fronts if not is_cut(p)} == {"check", "aid"}
    boards = [p for p in fronts if any(i.component.kind == "board" for i in p.items)]
    assert boards and all(is_cut(p) and p.kind == "components" for p in boards)


# --- The SVG rules ---------------------------------------------------------------------------

ALLOWED = {"svg", "title", "desc", "defs", "g", "path"}


def check_svg_rules(path: Path, pdf_page: pdfium.PdfPage, marks: bool) -> None:
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg" and root.get("version") == "1.1"
    width, height = page_size(pdf_page)
    assert root.get("width").endswith("mm") and root.get("height").endswith("mm")
    w, h = float(root.get("width")[:-2]), float(root.get("height")[:-2])
    assert abs(w - width) < 0.01 and abs(h - height) < 0.01
    assert [float(v) for v in root.get("viewBox").split()] == [0.0, 0.0, w, h]
    ids = []
    for element in root.iter():
        assert element.tag.startswith(SVG) and element.tag[len(SVG):] in ALLOWED, element.tag
        assert "transform" not in element.attrib and "style" not in element.attrib
        assert not any("href" in key for key in element.attrib)      # no linked/embedded raster
        if element.get("id"):
            ids.append(element.get("id"))
    assert len(ids) == len(set(ids))
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    assert set(groups) == {"cut", "score"} | ({"registration"} if marks else set())
    assert (groups["cut"].get("stroke"), groups["score"].get("stroke")) == ("#FF0000", "#0000FF")
    assert groups["cut"].get("fill") == groups["score"].get("fill") == "none"
    text = path.read_text(encoding="utf-8")
    assert "<image" not in text and "data:" not in text


@pytest.mark.parametrize("options", ASTERION, ids=ASTERION_IDS)
def test_svgs_follow_the_rules_cutting_software_reads(out, options):
    request, result = built(out, **options)
    document = pdfium.PdfDocument(result.path)
    for page, path in zip(cut_pages(request), result.cut_files, strict=True):
        index = pdf_index(request, page)
        check_svg_rules(path, document[index], options.get("cut_marks", False))


def pdf_index(request, page) -> int:
    _ctx, pages = plan(request)
    return pages.index(page)


# --- Geometry against the PDF -------------------------------------------------------------

def crop_lines(boxes) -> tuple[np.ndarray, np.ndarray]:
    """The x of every vertical crop mark and the y of every horizontal one (their middles)."""
    marks = [b for b in boxes if min(b.width, b.height) < 0.2
             and abs(max(b.width, b.height) - CROP) < 0.05 + min(b.width, b.height)]
    return (np.array([(b.x0 + b.x1) / 2 for b in marks if b.height > b.width]),
            np.array([(b.y0 + b.y1) / 2 for b in marks if b.width > b.height]))


def check_rect(shape_points, boxes: np.ndarray, crops, bleed: float) -> None:
    """A straight-cut piece: its edges lie on the page's crop-mark lines (when it has
    them), and the game's art is the same box grown by the bleed."""
    xy = np.array(shape_points)
    x0, y0 = xy.min(axis=0)
    x1, y1 = xy.max(axis=0)
    if crops is not None:
        vertical, horizontal = crops
        assert max(np.abs(vertical - x).min() for x in (x0, x1)) < TOL
        assert max(np.abs(horizontal - y).min() for y in (y0, y1)) < TOL
    art = np.array([x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed])
    assert (np.abs(boxes - art).max(axis=1) < TOL).any(), f"no art at {art}"


def check_outline(cut, score, paths) -> None:
    """A piece with an outline of its own (a board piece, a die net): the game draws its
    cut lines solid and its folds dashed, each with one pen. There is a pen (colour,
    width) whose solid lines are exactly the SVG's outline (every point of one on the
    other, within TOL), and one whose dashed lines are exactly its folds."""
    stroked = [p for p in paths if p["stroked"] and len(p["points"]) >= 2]
    for svg_paths, dashed in ((cut, False), (score, True)):
        if not svg_paths:
            continue
        mine = segments(svg_paths)
        svg = np.concatenate([densify(pts, closed) for pts, closed in svg_paths])
        pens: dict[tuple, list] = {}
        for p in stroked:
            if p["dashed"] == dashed:
                pens.setdefault((p["stroke"], p["width"]), []).append(p)
        exact = [pen for pen, lines in pens.items()
                 if all(near(densify(p["points"], False), mine).max() < TOL for p in lines)
                 and near(svg, segments([(p["points"], False) for p in lines])).max() < TOL]
        assert exact, f"no pen draws exactly the SVG's {'folds' if dashed else 'outline'}"


def check_printed_outline(points, closed, paths) -> None:
    """A round or hex piece: the game prints its cut outline; one PDF path follows the
    SVG path (its on-curve points on it, the same extent)."""
    svg = densify(points, closed, 0.2)
    mine = segments([(points, closed)])
    for p in paths:
        if not p["stroked"] or len(p["points"]) < 4:
            continue
        pdf = np.array(p["points"])
        if (np.abs(pdf.min(axis=0) - svg.min(axis=0)).max() < TOL
                and np.abs(pdf.max(axis=0) - svg.max(axis=0)).max() < TOL
                and near(pdf, mine).max() < TOL):
            return
    raise AssertionError(f"no printed outline at {svg.min(axis=0)}-{svg.max(axis=0)}")


def check_sheet(request, pdf_page, page, svg_path) -> None:
    found = layers(svg_path)
    cut = {i: d for i, d in found["cut"]}
    paths = pdf_paths(pdf_page)
    boxes = path_boxes(pdf_page)
    crops = crop_lines(boxes) if request.crop_marks else None
    box_array = np.array([(b.x0, b.y0, b.x1, b.y1) for b in boxes])
    for item in page.items:
        comp = item.component
        mine = [read_path(d) for i, d in sorted(cut.items())
                if i == f"cut-{comp.id}" or i.startswith(f"cut-{comp.id}-")]
        assert mine
        if comp.outline:
            folds = [read_path(d) for i, d in found["score"]
                     if i.startswith(f"score-{comp.id}-")]
            # the lines drawn where this piece draws (a sheet may hold several outlined
            # pieces, one in another's blank corner)
            boxes = [(item.x + a - TOL, item.y + b - TOL, item.x + c + TOL, item.y + d + TOL)
                     for a, b, c, d in comp.cover or ((0, 0, comp.width, comp.height),)]
            check_outline(mine, folds, [p for p in paths if all(
                any(b[0] <= x <= b[2] and b[1] <= y <= b[3] for b in boxes)
                for x, y in p["points"])])
        elif comp.shape == "rect":
            check_rect(mine[0][0], box_array, crops, request.bleed)
        else:
            for points, closed in mine:
                check_printed_outline(points, closed, paths)
        # the cut box the layout gave the piece holds its paths
        xy = np.concatenate([np.array(p) for p, _c in mine])
        assert xy[:, 0].min() > item.x - TOL and xy[:, 0].max() < item.x + comp.width + TOL
        assert xy[:, 1].min() > item.y - TOL and xy[:, 1].max() < item.y + comp.height + TOL


@pytest.mark.parametrize("options", ASTERION, ids=ASTERION_IDS)
def test_cut_paths_lie_on_the_pdfs_own_geometry(out, options):
    request, result = built(out, **options)
    document = pdfium.PdfDocument(result.path)
    pages = cut_pages(request)
    kinds = set()
    for page, path in zip(pages, result.cut_files, strict=True):
        check_sheet(request, document[pdf_index(request, page)], page, path)
        kinds |= {i.component.kind for i in page.items}
    assert kinds == {"tile", "tomb", "board"} if request.edition == "crete" else {"tile", "tomb"}


def test_board_pieces_are_cut_round_their_tabs_and_scored_on_the_seams(out):
    request, _result = built(out, edition="crete", cut_files=True)
    boards = [i for p in cut_pages(request) for i in p.items if i.component.kind == "board"]
    tabs = 0
    for item in boards:
        cuts = item_cuts(item)
        assert len(cuts.cut) == 1 and cuts.cut[0].closed
        tabs += len(cuts.score)
        for fold in cuts.score:
            # a fold joins two corners of the cut outline and runs inside it
            (a, b), outline = fold.points, cuts.cut[0].points
            for end in (a, b):
                assert min(math.dist(end, p) for p in outline) < 1e-6
    assert tabs == sum(len(i.component.folds) for i in boards) > 0


# --- Determinism, and nothing changes without the options ----------------------------------

def test_same_command_same_bytes(out, tmp_path):
    request, result = built(out, edition="crete", cut_files=True, cut_marks=True)
    again = build(request, tmp_path)
    assert again.path.read_bytes() == result.path.read_bytes()
    assert [p.name for p in again.cut_files] == [p.name for p in result.cut_files]
    for a, b in zip(again.cut_files, result.cut_files, strict=True):
        assert a.read_bytes() == b.read_bytes()


def test_cut_files_leave_the_pdf_as_it_was(out):
    _request, plain = built(out, edition="crete")
    _request, cut = built(out, edition="crete", cut_files=True)
    assert plain.cut_files == ()
    assert cut.path.read_bytes() == plain.path.read_bytes()


def test_a_rebuild_removes_cut_files_it_no_longer_writes(tmp_path):
    stale = tmp_path / "shapes-sheet-09-cut.svg"
    other = tmp_path / "other-sheet-09-cut.svg"
    for path in (stale, other):
        path.write_text("<svg/>")
    result = build(BuildRequest("shapes", printing=SHAPES, cut_files=True), tmp_path)
    assert sorted(tmp_path.glob("shapes-*-cut.svg")) == sorted(result.cut_files)
    assert not stale.exists() and other.exists()


# --- Registration marks ------------------------------------------------------------------

def mark_boxes(page: pdfium.PdfPage):
    return [b for b in path_boxes(page) if b.fill == (0, 0, 0)
            and any(max(abs(b.x0 - m.x), abs(b.y0 - m.y), abs(b.width - m.width),
                        abs(b.height - m.height)) < TOL
                    for m in MARKS.shapes(*page_size(page)))]


@pytest.mark.parametrize("options", MARKED, ids=MARKED_IDS)
def test_registration_marks_on_the_cut_sheets_and_in_their_svgs(out, options):
    request, result = built(out, **options)
    document = pdfium.PdfDocument(result.path)
    _ctx, pages = plan(request)
    for index, page in enumerate(pages):
        found = mark_boxes(document[index])
        assert len(found) == (5 if is_cut(page) else 0)
    for page, path in zip(cut_pages(request), result.cut_files, strict=True):
        marks = [read_path(d)[0] for _i, d in layers(path)["registration"]]
        expected = MARKS.shapes(page.width, page.height)
        assert len(marks) == len(expected)
        for points, box in zip(marks, expected, strict=True):
            xy = np.array(points)
            assert np.allclose(xy.min(axis=0), (box.x, box.y), atol=TOL)
            assert np.allclose(xy.max(axis=0), (box.x + box.width, box.y + box.height),
                               atol=TOL)


@pytest.mark.parametrize("options", MARKED, ids=MARKED_IDS)
def test_the_layout_keeps_the_marks_room_free(out, options):
    """Rendered: in the three corners, only the marks are ink; every cut path lies inside
    the rectangle the marks span, clear of them."""
    request, result = built(out, **options)
    document = pdfium.PdfDocument(result.path)
    scale = 3.0                                   # px per mm
    depth = MARKS.inset + MARKS.length + MARKS.clear - 0.5   # the layout may touch its edge
    for page, path in zip(cut_pages(request), result.cut_files, strict=True):
        pdf_page = document[pdf_index(request, page)]
        for top in (0.0, page.height - depth):   # the strips with the corners, rendered
            cut_off = (page.height - depth - top) / MM, top / MM      # below, above (pt)
            image = pdf_page.render(scale=scale * MM,                  # px per pt
                                    crop=(0, cut_off[0], 0, cut_off[1])).to_pil()
            ink = np.asarray(image.convert("L")) < 250
            allowed = np.zeros_like(ink)
            for m in MARKS.shapes(page.width, page.height):
                allowed[max(0, int((m.y - top - 0.5) * scale)):
                        max(0, math.ceil((m.y + m.height - top + 0.5) * scale)),
                        int((m.x - 0.5) * scale):math.ceil((m.x + m.width + 0.5) * scale)] = True
            assert ink[allowed].mean() > 0.3                # the marks are there, inked
            for x0, y0, x1, y1 in MARKS.zones(page.width, page.height):
                if not (y0 < 1 if top == 0 else y1 > page.height - 1):
                    continue
                zone = (slice(0, ink.shape[0]), slice(int(x0 * scale), int(x1 * scale)))
                assert not (ink[zone] & ~allowed[zone]).any(), (page.sheet, (x0, y0))
        inner = MARKS.inset + MARKS.clear - TOL
        for _i, d in layers(path)["cut"] + layers(path)["score"]:
            xy = np.array(read_path(d)[0])
            assert xy[:, 0].min() >= inner and xy[:, 0].max() <= page.width - inner
            assert xy[:, 1].min() >= MARKS.inset + MARKS.length + MARKS.clear - TOL
            assert xy[:, 1].max() <= page.height - (MARKS.inset + MARKS.length + MARKS.clear
                                                    ) + TOL


# --- Any game: the fake one below (every shape), and every registered game that prints ----

INK = HexColor("#224466")
OUTLINE = HexColor("#00A000")


def components(edition, options):
    cards = [Component(f"card-{n}", "card", 63.0, 88.0, back="card", corner_radius=3.5)
             for n in range(1, 4)]
    rings = [Component(f"ring-{n}", "ring", 40.0, 40.0, shape="round", hole=18.0)
             for n in range(1, 5)]
    flat = [Component(f"hex-{n}", "hex", 60.0, 60.0 * math.sqrt(3) / 2, shape="hex")
            for n in range(1, 4)]
    pointy = [Component(f"cell-{n}", "cell", 30.0, 36.0, shape="hex") for n in range(1, 4)]
    return [*cards, *rings, *flat, *pointy, page_component("aid", options.paper)]


def draw(canvas, item, ctx):
    """Art over the bleed, and the cut outline the game prints (round and hex pieces)."""
    comp, b = item.component, ctx.bleed
    canvas.setFillColor(INK)
    canvas.setStrokeColor(OUTLINE)
    canvas.setLineWidth(0.2)
    x, y, w, h = item.x, item.y, comp.width, comp.height
    if comp.shape == "rect":
        canvas.rect(x - b, y - b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        if comp.corner_radius:
            canvas.roundRect(x, y, w, h, comp.corner_radius, stroke=1, fill=0)
    elif comp.shape == "round":
        canvas.circle(x + w / 2, y + h / 2, w / 2, stroke=1, fill=0)
        canvas.circle(x + w / 2, y + h / 2, comp.hole / 2, stroke=1, fill=0)
    else:           # corners on the longer axis, from the centre (not from cuts.py)
        from pnp.printing.pen import polygon

        turn = 0 if w >= h else 90
        corners = [(math.cos(math.radians(a + turn)), math.sin(math.radians(a + turn)))
                   for a in range(0, 360, 60)]
        sx = w / 2 / max(abs(c) for c, _s in corners)
        sy = h / 2 / max(abs(s) for _c, s in corners)
        polygon(canvas, [(x + w / 2 + c * sx, y + h / 2 + s * sy) for c, s in corners],
                stroke=1, fill=0)


SHAPES = GamePrinting(
    name="shapes", title="Shapes", editions={}, components=components, draw=draw,
    style=lambda ink_saver: None,
    export=lambda ctx: [ExportPiece(Component("card-1", "card", 63.0, 88.0))],
    check_sample=CheckSample("card", 63.0, 88.0),
)


@pytest.mark.parametrize("marks", [False, True])
def test_every_shape_measured_against_the_pdf(tmp_path, marks):
    request = BuildRequest("shapes", printing=SHAPES, cut_files=True, cut_marks=marks)
    result = build(request, tmp_path)
    document = pdfium.PdfDocument(result.path)
    _ctx, pages = plan(request)
    cut = [p for p in pages if is_cut(p)]
    assert len(cut) == len(result.cut_files) >= 1
    for page, path in zip(cut, result.cut_files, strict=True):
        pdf_page = document[pages.index(page)]
        check_svg_rules(path, pdf_page, marks)
        check_sheet(request, pdf_page, page, path)
        found = dict(layers(path)["cut"])
        for item in page.items:
            comp = item.component
            if comp.kind == "card":
                # the rounded corners: the game's printed rounded outline on the SVG's
                pts, closed = read_path(found[f"cut-{comp.id}"])
                check_printed_outline(pts, closed, pdf_paths(pdf_page))
            if comp.kind == "ring":         # the hole is cut first, then the ring
                hole, ring = (read_path(found[f"cut-{comp.id}-{k}"])[0] for k in (1, 2))
                assert np.ptp(np.array(hole)[:, 0]) == pytest.approx(comp.hole, abs=TOL)
                assert np.ptp(np.array(ring)[:, 0]) == pytest.approx(comp.width, abs=TOL)
    kinds = {i.component.kind for p in cut for i in p.items}
    assert kinds == {"card", "ring", "hex", "cell"}


@pytest.mark.parametrize("game", [g for g in game_names("printing") if g != "asterion"])
def test_every_game_that_prints_has_cut_files_that_match_its_pdf(out, game):
    """Asterion is measured above, in four builds; every other game here, as it builds by
    default (its board pieces, dice nets, round and hex pieces, cards)."""
    request, result = built(out, game, cut_files=True)
    document = pdfium.PdfDocument(result.path)
    _ctx, pages = plan(request)
    cut = [p for p in pages if is_cut(p)]
    assert len(cut) == len(result.cut_files) > 0
    for page, path in zip(cut, result.cut_files, strict=True):
        check_svg_rules(path, document[pages.index(page)], request.cut_marks)
        check_sheet(request, document[pages.index(page)], page, path)


@pytest.mark.parametrize("options", OTHERS_MARKED, ids=OTHERS_MARKED_IDS)
def test_every_game_with_marks_on_letter_and_a3_matches_its_pdf(out, options):
    request, result = built(out, **options)
    document = pdfium.PdfDocument(result.path)
    _ctx, pages = plan(request)
    cut = [p for p in pages if is_cut(p)]
    assert len(cut) == len(result.cut_files) > 0
    for page, path in zip(cut, result.cut_files, strict=True):
        check_svg_rules(path, document[pages.index(page)], True)
        check_sheet(request, document[pages.index(page)], page, path)


# --- Errors ---------------------------------------------------------------------------------

def test_cut_marks_need_cut_files():
    with pytest.raises(BuildError, match="--cut-marks needs --cut-files"):
        plan(BuildRequest("asterion", printing=part("asterion", "printing"), cut_marks=True))


def test_a_paper_too_small_for_the_marks_is_refused(monkeypatch):
    tiny = Paper("tiny", 60.0, 90.0)
    monkeypatch.setattr(build_module, "papers", lambda: {"tiny": tiny})
    request = BuildRequest("shapes", paper="tiny", printing=SHAPES, cut_files=True,
                           cut_marks=True)
    with pytest.raises(BuildError, match="tiny paper is too small for registration marks"):
        plan(request)


def test_pieces_that_no_longer_fit_inside_the_marks_say_so():
    big = GamePrinting(
        name="big", title="Big", editions={}, style=lambda ink_saver: None, draw=draw,
        components=lambda e, o: [Component("poster", "poster", 180.0, 250.0)],
        export=lambda ctx: [], check_sample=CheckSample("poster", 180.0, 250.0))
    plan(BuildRequest("big", printing=big, cut_files=True))          # fits without marks
    with pytest.raises(PlacementError, match="does not fit on a4 paper with 2 mm bleed "
                                             "and registration marks"):
        plan(BuildRequest("big", printing=big, cut_files=True, cut_marks=True))


def test_a_shape_without_a_cut_path_is_refused_before_anything_is_written(tmp_path):
    odd = GamePrinting(
        name="odd", title="Odd", editions={}, style=lambda ink_saver: None, draw=draw,
        components=lambda e, o: [Component("star", "star", 40.0, 40.0, shape="star")],
        export=lambda ctx: [], check_sample=CheckSample("star", 40.0, 40.0))
    with pytest.raises(CutError, match="no cut path for star: unknown shape 'star'"):
        build(BuildRequest("odd", printing=odd, cut_files=True), tmp_path)
    assert not list(tmp_path.iterdir())
    build(BuildRequest("odd", printing=odd), tmp_path)                 # no cut files: fine


def test_the_cli_writes_cut_files_and_says_so_and_refuses_bad_combinations(tmp_path, capsys):
    from pnp.cli import main

    code = main(["build", "asterion", "-e", "revised", "--cut-marks", "--out", str(tmp_path)])
    _out, err = capsys.readouterr()
    assert code != 0 and err.strip().splitlines() == [
        "error: --cut-marks needs --cut-files: the marks align a cutter with the cut files"]
    code = main(["build", "asterion", "-e", "revised", "--cut-files", "--cut-marks",
                 "--out", str(tmp_path)])
    stdout, err = capsys.readouterr()
    assert code == 0, err
    lines = stdout.strip().splitlines()
    files = sorted(tmp_path.glob("asterion-revised-sheet-*-cut.svg"))
    assert len(lines) == 2 and lines[1].startswith(f"wrote {len(files)} cut files beside it")
