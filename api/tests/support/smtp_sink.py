"""A real SMTP server for the tests (aiosmtpd): each message it receives is saved as
<n>.eml in the folder given, with an X-Envelope-To line first. Recipients whose address
starts with "refused" are refused for good (550), as a real server refuses an unknown
mailbox. It prints "ready" once it listens and stops when its stdin closes (the test
process ended)."""
import itertools
import os
import sys

from aiosmtpd.controller import Controller


class Save:
    def __init__(self, folder):
        self.folder = folder
        self.count = itertools.count()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.startswith("refused"):
            return "550 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        path = os.path.join(self.folder, f"{next(self.count):06d}.eml")
        with open(path + ".part", "wb") as out:
            out.write(("X-Envelope-To: " + ",".join(envelope.rcpt_tos) + "\r\n").encode())
            out.write(envelope.original_content)
        os.rename(path + ".part", path)
        return "250 Message accepted"


controller = Controller(Save(sys.argv[2]), hostname="127.0.0.1", port=int(sys.argv[1]))
controller.start()
print("ready", flush=True)
sys.stdin.read()
controller.stop()
