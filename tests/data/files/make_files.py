"""How the files beside this script were made (run once, by hand; the files are checked in). Needs
reportlab, python-docx and Pillow in some Python, and Debian's espeak-ng and ffmpeg. Not part of the
suite: the tests read the files as these tools wrote them."""

import subprocess
from pathlib import Path

import docx
from PIL import Image, ImageDraw, ImageFont
from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

HERE = Path(__file__).parent
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

PAGES = [
    [
        "Quarterly planning review",
        "The platform team met on Tuesday to review the quarter.",
        "Revenue grew in every region, and support tickets fell by a fifth.",
    ],
    [
        "Partners",
        "Acme Corp signed the distribution agreement for the northern region.",
        "Jonas Weber will negotiate the renewal with Globex next month.",
    ],
    [
        "Decisions and next steps",
        "We decided to move the product launch to May 4, 2026.",
        "Priya Raman will present the budget to the board on March 20, 2026.",
    ],
]


def text_pdf(path: Path, pages: list[list[str]], encrypt: str | None = None) -> None:
    pdf = canvas.Canvas(str(path), pagesize=A4, encrypt=encrypt)
    for lines in pages:
        y = 780
        for number, line in enumerate(lines):
            pdf.setFont("Helvetica-Bold" if number == 0 else "Helvetica", 16 if number == 0 else 12)
            pdf.drawString(72, y, line)
            y -= 28
        pdf.showPage()
    pdf.save()


def text_image(lines: list[str]) -> Image.Image:
    font = ImageFont.truetype(FONT, 36)
    image = Image.new("L", (1400, 90 + 60 * len(lines)), 255)
    draw = ImageDraw.Draw(image)
    for number, line in enumerate(lines):
        draw.text((40, 40 + 60 * number), line, font=font, fill=0)
    return image


text_pdf(HERE / "report.pdf", PAGES)
text_pdf(HERE / "encrypted.pdf", PAGES[:1], encrypt="secret")

scan = text_image(["Site visit notes", "Lena Fischer inspected the warehouse on June 12, 2026."])
pdf = canvas.Canvas(str(HERE / "scanned.pdf"), pagesize=A4)
pdf.drawImage(ImageReader(scan.convert("RGB")), 40, 600, width=520, height=520 * scan.height / scan.width)
pdf.showPage()
pdf.save()

text_image(["Ana Lopez moved the launch to May 4, 2026."]).save(HERE / "note.png", optimize=True)

document = docx.Document()
document.add_heading("Design review minutes", level=1)
document.add_paragraph("Attendees met on April 2, 2026 to review the new checkout flow.")
document.add_paragraph(
    "We agreed to drop the guest checkout. Marta Silva will update the mockups by April 9, 2026."
)
table = document.add_table(rows=2, cols=2)
table.cell(0, 0).text, table.cell(0, 1).text = "Owner", "Task"
table.cell(1, 0).text, table.cell(1, 1).text = "Tom Becker", "Write the migration plan"
document.save(HERE / "minutes.docx")

speech = "The team will ship the release on Friday. The budget review is next week."
subprocess.run(["espeak-ng", "-v", "en-us", "-s", "120", "-w", str(HERE / "standup.wav"), speech], check=True)
subprocess.run(
    ["ffmpeg", "-y", "-v", "error", "-i", str(HERE / "standup.wav"), "-ac", "1", "-ar", "16000",
     str(HERE / "standup.wav.tmp.wav")],
    check=True,
)  # fmt: skip
(HERE / "standup.wav.tmp.wav").replace(HERE / "standup.wav")
subprocess.run(
    ["ffmpeg", "-y", "-v", "error", "-i", str(HERE / "standup.wav"), "-c:a", "libvorbis", "-q:a", "2",
     str(HERE / "standup.ogg")],
    check=True,
)  # fmt: skip
