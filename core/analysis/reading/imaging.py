"""Radiology images made ready for a vision model and for the case page's thumbnails.

JPEG and PNG go through Pillow (orientation fixed, bombs refused, re-encoded so no EXIF or
text chunk survives); DICOM through pydicom (LUTs, windowing, allow-listed metadata).
Errors name the image by its label, never by the file name, which may carry the patient's.
"""

from __future__ import annotations

import io
import re
from typing import Any

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError
from pydicom import config as pydicom_config
from pydicom import dcmread
from pydicom.dataset import Dataset
from pydicom.multival import MultiValue
from pydicom.pixels.decoders.base import get_decoder
from pydicom.pixels.processing import (
    apply_color_lut,
    apply_modality_lut,
    apply_voi_lut,
)
from pydicom.pixels.utils import (
    pixel_array,
)

from core.analysis.reading.patient_match import record_numbers
from core.file_parts import TooManyParts
from core.files import extension_of
from core.insights import MessagePatient, RadiologyImage
from core.unpacked import unpacked_bytes

# Far above any radiograph (a 43 cm detector at 0.1 mm is ~4300 px a side) and a 48 MP
# phone photo of a film, yet stricter than Pillow's own limit: checked before decoding.
MAX_IMAGE_PIXELS = 50_000_000
MAX_UNPACKED_BYTES = 64 * 1024 * 1024  # the default of MEDCASE_MAX_UNPACKED_MB
_EXIF_ORIENTATION = 0x0112
_SIDEWAYS = {5, 6, 7, 8}  # EXIF orientations that swap width and height
_HIGH_DEPTH_MODES = {"I", "I;16", "I;16B", "I;16L", "I;16N", "F"}
PREVIEW_LABEL = "This image"  # how a thumbnail's UnreadableImage names the image


class UnreadableImage(ValueError):
    """A radiology file that cannot be turned into a picture; the message is safe to show."""


def is_dicom(file_name: str, content: bytes) -> bool:
    """DICOM by extension or by the 'DICM' marker after the 128-byte preamble."""
    return extension_of(file_name) == "dcm" or content[128:132] == b"DICM"


def prepare_radiology_image(
    file_id: str, label: str, file_name: str, content: bytes, max_side: int = 1024
) -> RadiologyImage:
    """A model-ready PNG (longest side <= ``max_side``) with metadata free of identifiers."""
    picture, metadata, warnings = _render(label, file_name, content, max_side)
    return RadiologyImage(
        file_id=file_id,
        label=label,
        png=_png(picture),
        width=picture.width,
        height=picture.height,
        metadata=metadata,
        warnings=warnings,
        header_patients=dicom_patients(file_name, content),
    )


def dicom_patients(file_name: str, content: bytes) -> list[MessagePatient]:
    """Who a DICOM header says the image is of (PatientName as "Family^Given", PatientSex,
    PatientBirthDate, else PatientAge, and the PatientID and other ids as record numbers);
    empty for other images or a header naming no one."""
    if not is_dicom(file_name, content):
        return []
    try:
        dataset = dcmread(io.BytesIO(content), stop_before_pixels=True)
        name = str(dataset.get("PatientName") or "")
        sex = str(dataset.get("PatientSex") or "").strip().upper()
        born = str(dataset.get("PatientBirthDate") or "").strip()
        age_text = str(dataset.get("PatientAge") or "").strip().upper()
    except Exception:  # noqa: BLE001 - an unreadable header names no one
        return []
    try:
        numbers = _patient_ids(dataset)
    except Exception:  # noqa: BLE001 - a malformed id sequence still leaves the name to compare
        numbers = []
    family, _, given = name.split("=")[0].partition("^")
    birth = f"{born[:4]}-{born[4:6]}-{born[6:8]}" if re.fullmatch(r"\d{8}", born) else None
    # "000Y" is how many files say "unknown" (a newborn's age is given in days or weeks).
    age_match = re.fullmatch(r"0*([1-9]\d{0,2})Y", age_text)
    patient = MessagePatient(
        family=family.strip(),
        given=" ".join(given.replace("^", " ").split()),
        birth_date=birth,
        sex={"M": "male", "F": "female"}.get(sex),
        age=int(age_match.group(1)) if age_match and birth is None else None,
        record_numbers=numbers,
    )
    named = patient.family or patient.given or numbers
    return [patient] if named or patient.sex or birth or patient.age is not None else []


def _patient_ids(dataset: Dataset) -> list[str]:
    """The header's PatientID, each OtherPatientIDsSequence item's and the retired
    OtherPatientIDs, as ``record_numbers`` compares them: where an id is typed (its
    IssuerOfPatientIDQualifiersSequence's IdentifierTypeCode, HL7 table 0203) only medical
    record numbers; untyped, every one. IssuerOfPatientID names the assigning authority,
    which the case's record does not keep, so it cannot say whose number it is."""
    return record_numbers(_typed_patient_ids(dataset))


def _typed_patient_ids(dataset: Dataset) -> list[tuple[str, set[str]]]:
    """Every patient id the header gives, each with its type codes (none when untyped)."""
    given = []
    for holder in [dataset, *(dataset.get("OtherPatientIDsSequence") or [])]:
        types = {
            _text(qualifier.get("IdentifierTypeCode")).upper()
            for qualifier in holder.get("IssuerOfPatientIDQualifiersSequence") or []
        }
        given.append((_text(holder.get("PatientID")), types - {""}))
    # The retired OtherPatientIDs (0010,1000) of older files: untyped numbers, one a value.
    retired = dataset.get("OtherPatientIDs") or []
    for value in retired if isinstance(retired, MultiValue | list) else [retired]:
        given.append((_text(value), set()))
    return [(value, types) for value, types in given if value]


def _text(value: Any) -> str:
    """A DICOM string element's text (a value of several, as written, backslashes between)."""
    if isinstance(value, MultiValue | list | tuple):
        return "\\".join(str(item) for item in value).strip()
    return str(value or "").strip()


def has_burned_in_text(image: RadiologyImage) -> bool:
    """The DICOM file says text that may identify the patient is burned into its pixels."""
    return str(image.metadata.get("burned_in_annotation", "")).strip().upper() == "YES"


def thumbnail_png(
    file_name: str, content: bytes, max_side: int = 320, label: str = PREVIEW_LABEL
) -> bytes:
    """A small PNG preview of a radiology file for the case page."""
    picture, _, _ = _render(label, file_name, content, max_side)
    return _png(picture)


def _render(
    label: str, file_name: str, content: bytes, max_side: int
) -> tuple[Image.Image, dict[str, Any], list[str]]:
    if not content:
        raise UnreadableImage(f"{label}: the file is empty")
    # Pixels by bit depth and channels, before any is decoded (a 95 KB PNG can be 7000 x
    # 7000 at 16 bits): files stored before the upload check existed meet the same bound.
    extension = "dcm" if is_dicom(file_name, content) else extension_of(file_name)
    try:
        unpacked = unpacked_bytes(extension, content)  # header elements counted first
    except TooManyParts as refused:
        raise UnreadableImage(f"{label}: {refused.reason}") from None
    if unpacked > MAX_UNPACKED_BYTES:
        limit = MAX_UNPACKED_BYTES // (1024 * 1024)
        raise UnreadableImage(f"{label}: the image is larger than {limit} MB once decoded")
    if is_dicom(file_name, content):
        picture, metadata, warnings = _render_dicom(label, content)
    else:
        picture, metadata, warnings = _render_raster(label, content, max_side)
    picture.thumbnail((max_side, max_side), Image.Resampling.LANCZOS)
    return picture, metadata, warnings


def _render_raster(
    label: str, content: bytes, max_side: int
) -> tuple[Image.Image, dict[str, Any], list[str]]:
    warnings: list[str] = []
    try:
        # Only the formats we accept: Pillow would otherwise try EPS (via Ghostscript), TIFF...
        source = Image.open(io.BytesIO(content), formats=("JPEG", "PNG"))
        check_pixel_count(label, source.width, source.height)
        image_format = source.format or "unknown"
        orientation = _orientation(source)
        width, height = source.size
        if orientation in _SIDEWAYS:
            width, height = height, width
        # JPEG can decode straight to a smaller scale: a 40 MP photo of a film costs little.
        source.draft(None, (max_side, max_side))
        picture = ImageOps.exif_transpose(source)
        picture = to_display_mode(picture)
    except UnreadableImage:
        raise  # already says what is wrong (it is a ValueError too)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise UnreadableImage(f"{label}: the image's declared size is implausibly large") from error
    except UnidentifiedImageError as error:
        raise UnreadableImage(f"{label}: not a readable JPEG or PNG image") from error
    except (OSError, ValueError, SyntaxError, EOFError) as error:
        # Pillow reports truncated or corrupt data as OSError/SyntaxError/ValueError.
        raise UnreadableImage(f"{label}: the image is corrupt or truncated") from error
    if orientation not in (None, 1):
        warnings.append(f"{label}: rotated upright from EXIF orientation {orientation}")
    metadata: dict[str, Any] = {
        "format": image_format,
        "original_width": width,
        "original_height": height,
        "mode": picture.mode,
    }
    return picture, metadata, warnings


def check_pixel_count(label: str, width: int, height: int) -> None:
    """Refuse a decompression bomb before any pixel is decoded."""
    if width <= 0 or height <= 0:
        raise UnreadableImage(f"{label}: the image has no pixels")
    if width * height > MAX_IMAGE_PIXELS:
        raise UnreadableImage(
            f"{label}: the image's declared size ({width} x {height}) is implausibly large"
        )


def _orientation(source: Image.Image) -> int | None:
    try:
        value = source.getexif().get(_EXIF_ORIENTATION)
    except Exception:  # noqa: BLE001 - a broken EXIF block must not lose the image itself
        return None
    return value if isinstance(value, int) else None


def to_display_mode(picture: Image.Image) -> Image.Image:
    """Grayscale stays L (deep grayscale rescaled to 8 bits); everything else becomes RGB."""
    if picture.mode in ("L", "RGB"):
        picture.load()
        return picture
    if picture.mode in _HIGH_DEPTH_MODES:
        return Image.fromarray(scale_to_8bit(np.asarray(picture)), mode="L")
    if picture.mode in ("1", "LA"):
        return picture.convert("L")
    if picture.mode == "P" and "transparency" in picture.info:
        picture = picture.convert("RGBA")
    return picture.convert("RGB")


def scale_to_8bit(values: np.ndarray, low: float | None = None, high: float | None = None) -> Any:
    """Map [low, high] (the array's own range by default) linearly onto 0..255.

    One working copy in 32-bit floats, changed in place: a 25-megapixel 16-bit picture
    costs 100 MB here, not the 600 MB of 64-bit temporaries (exact for 16-bit values)."""
    scaled = np.array(values, dtype=np.float32)
    if low is None or high is None:
        if not scaled.size:
            low = high = 0.0
        elif np.issubdtype(np.asarray(values).dtype, np.integer):
            low, high = float(scaled.min()), float(scaled.max())
        else:
            finite = np.isfinite(scaled)
            low = float(scaled.min(where=finite, initial=np.inf))
            high = float(scaled.max(where=finite, initial=-np.inf))
            if not np.isfinite(low) or not np.isfinite(high):
                low = high = 0.0
    if high <= low:
        return np.zeros(scaled.shape, dtype=np.uint8)
    np.nan_to_num(scaled, copy=False, nan=low, posinf=high, neginf=low)
    scaled -= np.float32(low)
    scaled *= np.float32(255.0 / (high - low))
    np.clip(scaled, 0, 255, out=scaled)
    np.rint(scaled, out=scaled)
    return scaled.astype(np.uint8)


def _png(picture: Image.Image) -> bytes:
    stream = io.BytesIO()
    picture.save(stream, format="PNG")
    return stream.getvalue()


# --- DICOM -------------------------------------------------------------------------------

# pydicom's validation messages quote element values, and a value may be an identifier;
# none of that may reach our logs, so values are read without validation.
pydicom_config.settings.reading_validation_mode = pydicom_config.IGNORE

# Only these attributes ever leave a DICOM file: what a reader needs to interpret the
# picture. Names, ids, dates, institutions and physicians are never copied.
_DICOM_METADATA = {
    "modality": "Modality",
    "body_part_examined": "BodyPartExamined",
    "study_description": "StudyDescription",
    "series_description": "SeriesDescription",
    "rows": "Rows",
    "columns": "Columns",
    "number_of_frames": "NumberOfFrames",
    "pixel_spacing": "PixelSpacing",
    "slice_thickness": "SliceThickness",
    "photometric_interpretation": "PhotometricInterpretation",
    "burned_in_annotation": "BurnedInAnnotation",  # YES: text on the pixels may identify
}
_FREE_TEXT = ("study_description", "series_description")


def _render_dicom(label: str, content: bytes) -> tuple[Image.Image, dict[str, Any], list[str]]:
    warnings: list[str] = []
    try:
        dataset = dcmread(io.BytesIO(content))
        has_pixels = "PixelData" in dataset
        rows, columns = int(dataset.get("Rows", 0)), int(dataset.get("Columns", 0))
        frames = _frame_count(dataset)
        photometric = str(dataset.get("PhotometricInterpretation", "")).strip().upper()
    # pydicom raises many exception types on hostile bytes; all mean the same to a doctor.
    except Exception as error:
        raise UnreadableImage(f"{label}: not a readable DICOM file") from error
    if not has_pixels:
        raise UnreadableImage(f"{label}: the DICOM file holds no image")
    check_pixel_count(label, columns, rows)
    _require_decoder(label, dataset)
    index = frames // 2
    try:
        frame = pixel_array(dataset, index=index if frames > 1 else None)
        picture = _dicom_picture(frame, dataset, photometric, label, warnings)
    except UnreadableImage:
        raise
    except Exception as error:  # truncated pixel data, odd encodings: same story
        raise UnreadableImage(f"{label}: the DICOM image data is corrupt or truncated") from error
    if frames > 1:
        warnings.append(f"{label}: frame {index + 1} of {frames} is shown (the middle one)")
    metadata = _dicom_metadata(dataset, label, warnings)
    metadata.update(format="DICOM", original_width=columns, original_height=rows, mode=picture.mode)
    if frames > 1:
        metadata["frame_shown"] = index + 1
    return picture, metadata, warnings


def _frame_count(dataset: Dataset) -> int:
    try:
        return max(1, int(dataset.get("NumberOfFrames") or 1))
    except (TypeError, ValueError):
        return 1


def _require_decoder(label: str, dataset: Dataset) -> None:
    """Say which compression is missing a decoder, rather than failing somewhere deep."""
    syntax = getattr(dataset.get("file_meta"), "TransferSyntaxUID", None)
    if syntax is None or not syntax.is_compressed:
        return
    try:
        available = get_decoder(syntax).is_available
    except NotImplementedError:
        available = False
    if not available:
        raise UnreadableImage(
            f"{label}: the DICOM image is compressed as {syntax.name}, which cannot be "
            "decoded here; export it uncompressed (or as JPEG baseline) and upload it again"
        )


def _dicom_picture(
    frame: np.ndarray, dataset: Dataset, photometric: str, label: str, warnings: list[str]
) -> Image.Image:
    if photometric == "PALETTE COLOR":
        colours = apply_color_lut(frame, dataset)
        top = 255 if colours.dtype == np.uint8 else 65535
        return Image.fromarray(scale_to_8bit(colours, 0, top), mode="RGB")
    if frame.ndim == 3:
        # pixel_array has already turned YBR into RGB; only the depth needs scaling.
        top = 2 ** int(dataset.get("BitsStored", 8)) - 1
        return Image.fromarray(scale_to_8bit(frame[..., :3], 0, top), mode="RGB")
    grey = _grayscale(frame, dataset, label, warnings)
    if photometric == "MONOCHROME1":
        grey = 255 - grey  # MONOCHROME1 shows its lowest value as white
    return Image.fromarray(grey, mode="L")


def _grayscale(frame: np.ndarray, dataset: Dataset, label: str, warnings: list[str]) -> Any:
    """Modality LUT (stored values to Hounsfield units etc.), then the VOI window, to 8 bits."""
    values = apply_modality_lut(frame, dataset)
    try:
        windowed = apply_voi_lut(values, dataset, index=0)
    except (ValueError, TypeError, IndexError, AttributeError, NotImplementedError):
        warnings.append(f"{label}: the DICOM window could not be applied; full range shown")
        return scale_to_8bit(values)
    if windowed is values:
        return scale_to_8bit(values)  # no window in the file: stretch what is there
    if "WindowWidth" in dataset and not dataset.get("VOILUTSequence"):
        # Windowing maps onto a fixed output range; probing it with the two extremes keeps
        # the window's contrast instead of re-stretching whatever the image happens to hold.
        low, high = apply_voi_lut(np.array([-1e15, 1e15]), dataset, index=0)
        return scale_to_8bit(windowed, float(low), float(high))
    return scale_to_8bit(windowed)


def _dicom_metadata(dataset: Dataset, label: str, warnings: list[str]) -> dict[str, Any]:
    metadata: dict[str, Any] = {}
    for key, keyword in _DICOM_METADATA.items():
        value = _plain(dataset.get(keyword))
        if value is not None:
            metadata[key] = value
    name_parts = _identifying_words(dataset)
    for key in _FREE_TEXT:
        text = str(metadata.get(key, "")).lower()
        if name_parts and any(re.search(rf"\b{re.escape(part)}\b", text) for part in name_parts):
            del metadata[key]
            warnings.append(f"{label}: a description that may name the patient was left out")
    return metadata


def _plain(value: Any) -> Any:
    """A DICOM value as JSON-ready Python (numbers, strings, lists of numbers), or None."""
    if value is None or value == "":
        return None
    if isinstance(value, MultiValue | list | tuple):
        items = [_plain(item) for item in value]
        return [item for item in items if item is not None] or None
    if isinstance(value, int | float):
        return int(value) if isinstance(value, int) else float(value)
    text = " ".join(str(value).split())
    return text[:200] or None


def _identifying_words(dataset: Dataset) -> list[str]:
    """The patient's name's words and ids (of any type), lower case, that a description
    must not hold."""
    try:
        name = str(dataset.get("PatientName") or "")
        ids = [value for value, _ in _typed_patient_ids(dataset)]
    except Exception:  # noqa: BLE001 - an undecodable name simply cannot be matched
        return []
    words = re.split(r"[\^=\s,]+", name)
    return [part.lower() for part in [*words, *ids] if len(part) >= 3]
