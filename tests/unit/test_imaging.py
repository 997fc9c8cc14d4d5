"""Radiology image preparation on generated JPEG/PNG files and pydicom's real DICOM files."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest
from PIL import Image, PngImagePlugin
from pydicom import dcmread
from pydicom.dataset import Dataset
from pydicom.pixels import get_decoder, pixel_array
from pydicom.sequence import Sequence

from core.analysis.reading.imaging import (
    UnreadableImage,
    has_burned_in_text,
    prepare_radiology_image,
    thumbnail_png,
)
from tests.samples import (
    dicom_bytes,
    dicom_bytes_with,
    jpeg_bytes,
    jpeg_bytes_with_orientation,
    png_bomb_bytes,
    png_bytes,
)

LABEL = "Radiology image 3"
PATIENT = "Zebulon Quartermaine"
DICOM_KEYS = {
    "modality",
    "body_part_examined",
    "study_description",
    "series_description",
    "rows",
    "columns",
    "number_of_frames",
    "pixel_spacing",
    "slice_thickness",
    "photometric_interpretation",
    "format",
    "original_width",
    "original_height",
    "mode",
    "frame_shown",
}


def prepare(content: bytes, extension: str = "png", max_side: int = 1024):
    return prepare_radiology_image(
        "file-9", LABEL, f"{PATIENT} scan.{extension}", content, max_side=max_side
    )


def pixels(png: bytes) -> np.ndarray:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return np.asarray(image)


def edited_dicom(name: str, edit) -> bytes:
    dataset = dcmread(dicom_bytes_path(name))
    edit(dataset)
    stream = io.BytesIO()
    dataset.save_as(stream)
    return stream.getvalue()


def dicom_bytes_path(name: str) -> io.BytesIO:
    return io.BytesIO(dicom_bytes(name))


# --- JPEG and PNG ------------------------------------------------------------------------


def test_png_becomes_a_grayscale_png_with_its_metadata() -> None:
    image = prepare(png_bytes(64, 48))

    assert (image.file_id, image.label, image.width, image.height) == ("file-9", LABEL, 64, 48)
    assert image.metadata == {
        "format": "PNG",
        "original_width": 64,
        "original_height": 48,
        "mode": "L",
    }
    assert np.array_equal(pixels(image.png), np.asarray(Image.open(io.BytesIO(png_bytes(64, 48)))))
    assert image.warnings == []


def test_large_image_is_downscaled_to_max_side_keeping_its_shape() -> None:
    image = prepare(png_bytes(3000, 1000), max_side=600)

    assert (image.width, image.height) == (600, 200)
    assert pixels(image.png).shape == (200, 600)
    assert (image.metadata["original_width"], image.metadata["original_height"]) == (3000, 1000)


def test_jpeg_is_turned_upright_from_its_exif_orientation() -> None:
    # Orientation 6: the stored picture must be turned 90° clockwise to be seen upright,
    # so the white block stored top-left ends up top-right.
    image = prepare(jpeg_bytes_with_orientation(6, 64, 48), "jpg")

    assert (image.width, image.height) == (48, 64)
    assert image.metadata["format"] == "JPEG"
    assert (image.metadata["original_width"], image.metadata["original_height"]) == (48, 64)
    shown = pixels(image.png)
    assert shown[2, -3].min() > 200
    assert shown[2, 2].max() < 80
    assert "orientation 6" in image.warnings[0]
    assert not Image.open(io.BytesIO(image.png)).getexif()


def test_plain_jpeg_becomes_rgb() -> None:
    image = prepare(jpeg_bytes(64, 48), "jpeg")

    assert image.metadata["mode"] == "RGB"
    assert pixels(image.png).shape == (48, 64, 3)
    assert image.warnings == []


def test_text_chunks_that_could_name_the_patient_are_not_copied() -> None:
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", f"Patient: {PATIENT}")
    stream = io.BytesIO()
    Image.open(io.BytesIO(png_bytes())).save(stream, format="PNG", pnginfo=info)
    assert PATIENT.encode() in stream.getvalue()

    image = prepare(stream.getvalue())

    assert PATIENT.encode() not in image.png
    assert "Zebulon" not in json.dumps(image.metadata)


def test_sixteen_bit_grayscale_is_spread_over_eight_bits() -> None:
    ramp = (np.arange(64 * 64).reshape(64, 64) * 10 + 1000).astype(np.uint16)
    stream = io.BytesIO()
    Image.fromarray(ramp).save(stream, format="PNG")

    shown = pixels(prepare(stream.getvalue()).png)

    assert shown.dtype == np.uint8
    assert (shown.min(), shown.max()) == (0, 255)
    assert np.all(np.diff(shown.ravel().astype(int)) >= 0)  # still a ramp


def test_transparent_palette_png_becomes_rgb() -> None:
    stream = io.BytesIO()
    Image.new("RGBA", (20, 10), (255, 0, 0, 128)).convert("P").save(stream, format="PNG")

    image = prepare(stream.getvalue())

    assert image.metadata["mode"] == "RGB"
    assert pixels(image.png).shape == (10, 20, 3)


@pytest.mark.parametrize(
    ("width", "height"),
    [(9_000, 8_000), (100_000, 100_000)],
    ids=["over-our-limit", "over-pillows-limit"],
)
def test_decompression_bombs_are_refused_before_decoding(width: int, height: int) -> None:
    bomb = png_bomb_bytes(width, height)
    assert len(bomb) < 200

    with pytest.raises(UnreadableImage, match=r"implausibly large|MB once decoded") as refused:
        prepare(bomb)

    assert str(refused.value).startswith(f"{LABEL}: ")


def test_thumbnail_is_small() -> None:
    thumbnail = Image.open(io.BytesIO(thumbnail_png("x-ray.png", png_bytes(1200, 900))))

    assert thumbnail.format == "PNG"
    assert thumbnail.size == (320, 240)


# --- DICOM -------------------------------------------------------------------------------


def test_ct_keeps_clinical_metadata_only() -> None:
    image = prepare(dicom_bytes("CT_small.dcm"), "dcm")

    assert (image.width, image.height) == (128, 128)
    assert set(image.metadata) <= DICOM_KEYS
    assert image.metadata["modality"] == "CT"
    assert image.metadata["format"] == "DICOM"
    assert image.metadata["rows"] == image.metadata["columns"] == 128
    assert image.metadata["photometric_interpretation"] == "MONOCHROME2"
    assert image.metadata["pixel_spacing"] == pytest.approx([0.661468, 0.661468])
    assert image.metadata["slice_thickness"] == 5.0
    json.dumps(image.metadata)
    assert pixels(image.png).std() > 20  # a picture, not a flat field


def test_dicom_is_recognised_by_its_marker_without_an_extension() -> None:
    image = prepare_radiology_image("f", LABEL, "scan", dicom_bytes("MR_small.dcm"))

    assert image.metadata["modality"] == "MR"
    assert (image.width, image.height) == (64, 64)


def test_patient_identifiers_never_leave_the_dicom_file() -> None:
    content = dicom_bytes_with(
        "CT_small.dcm",
        PatientName="Quartermaine^Zebulon",
        PatientID="ZQ-4411",
        PatientBirthDate="19470312",
        AccessionNumber="ACC-99812",
        InstitutionName="Saint Elsewhere Hospital",
        ReferringPhysicianName="Pemberton^Ada",
        StudyDescription="CT chest without contrast",
    )

    image = prepare(content, "dcm")

    shown = json.dumps(image.metadata) + " ".join(image.warnings)
    for identifier in (
        "Quartermaine",
        "Zebulon",
        "ZQ-4411",
        "19470312",
        "ACC-99812",
        "Elsewhere",
        "Pemberton",
    ):
        assert identifier not in shown
        assert identifier.encode() not in image.png
    assert image.metadata["study_description"] == "CT chest without contrast"


def test_a_description_that_names_the_patient_is_left_out() -> None:
    content = dicom_bytes_with(
        "CT_small.dcm",
        PatientName="Quartermaine^Zebulon",
        StudyDescription="CT chest QUARTERMAINE follow-up",
    )

    image = prepare(content, "dcm")

    assert "study_description" not in image.metadata
    assert image.warnings == [f"{LABEL}: a description that may name the patient was left out"]


def test_a_description_that_holds_a_patient_id_is_left_out() -> None:
    """The PatientID, or another id of the patient, written into a description (as some
    modalities do) never reaches the model or the stored metadata."""
    other = Dataset()
    other.PatientID = "ZQ-4411"
    content = dicom_bytes_with(
        "CT_small.dcm",
        PatientName="Quartermaine^Zebulon",
        PatientID="H-20931",
        OtherPatientIDsSequence=Sequence([other]),
        StudyDescription="CT chest zq-4411",
        SeriesDescription="Axial H-20931",
    )

    image = prepare(content, "dcm")

    assert "study_description" not in image.metadata
    assert "series_description" not in image.metadata
    assert "4411" not in json.dumps(image.metadata) and "20931" not in json.dumps(image.metadata)


@pytest.mark.parametrize(("declared", "burned_in"), [("YES", True), ("NO", False), (None, False)])
def test_burned_in_annotation_is_noticed(declared: str | None, burned_in: bool) -> None:
    attributes = {"BurnedInAnnotation": declared} if declared else {}
    image = prepare(dicom_bytes_with("CT_small.dcm", **attributes), "dcm")

    assert has_burned_in_text(image) is burned_in


def _window(center: float, width: float):
    def edit(dataset) -> None:
        dataset.WindowCenter = center
        dataset.WindowWidth = width

    return edit


def test_the_dicom_window_sets_the_contrast() -> None:
    dataset = dcmread(dicom_bytes_path("CT_small.dcm"))
    stored = pixel_array(dataset)
    hounsfield = stored * float(dataset.RescaleSlope) + float(dataset.RescaleIntercept)
    middle = float(np.median(hounsfield))

    # DICOM's linear window with centre m + 1 and width 2 maps values <= m to black and
    # m + 1 to white; with integer units that splits the picture exactly at the median.
    narrow = pixels(prepare(edited_dicom("CT_small.dcm", _window(middle + 1, 2)), "dcm").png)
    wide = pixels(prepare(edited_dicom("CT_small.dcm", _window(middle, 40_000)), "dcm").png)
    stretched = pixels(prepare(dicom_bytes("CT_small.dcm"), "dcm").png)  # the file has no window

    assert set(np.unique(narrow)) == {0, 255}
    assert np.array_equal(narrow == 255, hounsfield > middle)
    # A very wide window keeps the picture in a narrow grey band around mid-grey ...
    assert wide.min() > 100 and wide.max() < 156
    # ... where no window at all stretches the file's own range to full black and white.
    assert (stretched.min(), stretched.max()) == (0, 255)


def test_modality_lut_is_applied_before_the_window() -> None:
    def shifted(dataset) -> None:
        # Same picture in other stored units: the intercept and the window move together.
        dataset.RescaleIntercept = float(dataset.RescaleIntercept) - 1000
        dataset.WindowCenter = 40 - 1000
        dataset.WindowWidth = 400

    original = pixels(prepare(edited_dicom("CT_small.dcm", _window(40, 400)), "dcm").png)
    moved = pixels(prepare(edited_dicom("CT_small.dcm", shifted), "dcm").png)

    assert 0 < original.mean() < 255
    assert np.array_equal(original, moved)


def test_monochrome1_is_shown_inverted() -> None:
    normal = pixels(prepare(dicom_bytes("MR_small.dcm"), "dcm").png)
    inverted = prepare(
        dicom_bytes_with("MR_small.dcm", PhotometricInterpretation="MONOCHROME1"), "dcm"
    )

    assert np.array_equal(pixels(inverted.png), 255 - normal)
    assert inverted.metadata["photometric_interpretation"] == "MONOCHROME1"


def test_multi_frame_file_shows_its_middle_frame() -> None:
    image = prepare(dicom_bytes("rtdose.dcm"), "dcm")

    shown = pixels(image.png).astype(float)
    dataset = dcmread(dicom_bytes_path("rtdose.dcm"))

    def distance(index: int) -> float:
        frame = pixel_array(dataset, index=index).astype(float)
        stretched = (frame - frame.min()) * 255 / (frame.max() - frame.min())
        return float(np.abs(shown - stretched).max())

    assert distance(7) <= 1  # the middle frame, stretched to 8 bits (rounding aside)
    assert distance(0) > 2 and distance(14) > 2
    assert image.metadata["number_of_frames"] == 15
    assert image.metadata["frame_shown"] == 8
    assert image.warnings == [f"{LABEL}: frame 8 of 15 is shown (the middle one)"]


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("examples_rgb_color.dcm", (320, 240)),
        ("examples_ybr_color.dcm", (320, 240)),  # 30 JPEG frames, YBR colour
        ("SC_rgb_rle_16bit.dcm", (100, 100)),
        ("examples_palette.dcm", (800, 350)),
    ],
)
def test_colour_dicom_becomes_rgb(name: str, size: tuple[int, int]) -> None:
    image = prepare(dicom_bytes(name), "dcm")

    shown = pixels(image.png)
    assert (image.width, image.height) == size
    assert shown.shape == (size[1], size[0], 3)
    assert image.metadata["mode"] == "RGB"
    assert shown.std() > 10


def test_dicom_thumbnail_is_rendered_with_its_window() -> None:
    thumbnail = pixels(thumbnail_png("ct.dcm", dicom_bytes("CT_small.dcm"), max_side=64))
    full = pixels(prepare(dicom_bytes("CT_small.dcm"), "dcm").png)

    assert thumbnail.shape == (64, 64)
    assert abs(float(thumbnail.mean()) - float(full.mean())) < 8


def test_compression_without_a_decoder_is_named_in_the_error() -> None:
    content = dicom_bytes("MR_small_jpeg_ls_lossless.dcm")
    syntax = dcmread(io.BytesIO(content)).file_meta.TransferSyntaxUID
    if get_decoder(syntax).is_available:
        pytest.skip("a JPEG-LS decoder is installed here")

    with pytest.raises(UnreadableImage, match="JPEG-LS") as refused:
        prepare(content, "dcm")

    assert str(refused.value).startswith(f"{LABEL}: ")


def test_dicom_with_a_bomb_sized_header_is_refused() -> None:
    content = dicom_bytes_with("CT_small.dcm", Rows=60_000, Columns=60_000)

    with pytest.raises(UnreadableImage, match=r"implausibly large|MB once decoded"):
        prepare(content, "dcm")


def _without_pixels(dataset) -> None:
    del dataset.PixelData


_JPEG = jpeg_bytes(320, 240)
_PNG = png_bytes(320, 240)
_CT = dicom_bytes("CT_small.dcm")


@pytest.mark.parametrize(
    ("extension", "content"),
    [
        ("jpg", _JPEG[: len(_JPEG) // 2]),
        ("jpg", _JPEG[:20]),
        ("png", _PNG[: len(_PNG) // 2]),
        ("png", b"\x89PNG\r\n\x1a\n" + b"garbage" * 20),
        ("png", b"just some text, not a picture"),
        ("png", b""),
        ("dcm", _CT[: len(_CT) // 2]),
        ("dcm", _CT[:200]),
        ("dcm", bytes(128) + b"DICM" + bytes(range(256)) * 4),
        ("dcm", dicom_bytes("MR_truncated.dcm")),
        ("dcm", edited_dicom("CT_small.dcm", _without_pixels)),
    ],
    ids=[
        "jpeg-half",
        "jpeg-header",
        "png-half",
        "png-garbage",
        "png-is-text",
        "empty",
        "dicom-half",
        "dicom-header",
        "dicom-garbage",
        "dicom-truncated-pixels",
        "dicom-without-pixels",
    ],
)
def test_corrupt_and_truncated_images_raise_unreadable_image_naming_the_label(
    extension: str, content: bytes
) -> None:
    with pytest.raises(UnreadableImage) as refused:
        prepare(content, extension)
    with pytest.raises(UnreadableImage):
        thumbnail_png(f"{PATIENT}.{extension}", content)

    assert str(refused.value).startswith(f"{LABEL}: ")
    assert "Zebulon" not in str(refused.value)


def test_formats_other_than_jpeg_and_png_are_not_decoded() -> None:
    stream = io.BytesIO()
    Image.open(io.BytesIO(png_bytes())).save(stream, format="GIF")

    with pytest.raises(UnreadableImage, match="not a readable JPEG or PNG image"):
        prepare(stream.getvalue(), "png")
