"""A simulated home router for the tests of game/net/upnp.py: an UPnP IGD device
description, its WANIPConnection service description and SOAP control answers, served
by http.server on 127.0.0.1 (port 0) in a thread. No SSDP: the client is given the
description URL. It records the mappings asked for, and can refuse (a SOAP fault)."""
from __future__ import annotations

import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SERVICE = "urn:schemas-upnp-org:service:WANIPConnection:1"
DESCRIPTION = f"""<?xml version="1.0"?>
<root xmlns="urn:schemas-upnp-org:device-1-0">
<specVersion><major>1</major><minor>0</minor></specVersion>
<device>
<deviceType>urn:schemas-upnp-org:device:InternetGatewayDevice:1</deviceType>
<friendlyName>Simulated router</friendlyName><manufacturer>tests</manufacturer>
<modelName>sim</modelName><UDN>uuid:5e1a1e55-0000-4000-8000-000000000001</UDN>
<serviceList><service>
<serviceType>{SERVICE}</serviceType><serviceId>urn:upnp-org:serviceId:WANIPConn1</serviceId>
<SCPDURL>/scpd.xml</SCPDURL><controlURL>/ctl</controlURL><eventSubURL>/evt</eventSubURL>
</service></serviceList>
</device>
</root>"""

VARIABLES = {"ExternalIPAddress": "string", "RemoteHost": "string", "ExternalPort": "ui2",
             "PortMappingProtocol": "string", "InternalPort": "ui2", "InternalClient": "string",
             "PortMappingEnabled": "boolean", "PortMappingDescription": "string",
             "PortMappingLeaseDuration": "ui4"}
ACTIONS = {
    "GetExternalIPAddress": [("NewExternalIPAddress", "out", "ExternalIPAddress")],
    "AddPortMapping": [("NewRemoteHost", "in", "RemoteHost"), ("NewExternalPort", "in", "ExternalPort"),
                       ("NewProtocol", "in", "PortMappingProtocol"),
                       ("NewInternalPort", "in", "InternalPort"),
                       ("NewInternalClient", "in", "InternalClient"),
                       ("NewEnabled", "in", "PortMappingEnabled"),
                       ("NewPortMappingDescription", "in", "PortMappingDescription"),
                       ("NewLeaseDuration", "in", "PortMappingLeaseDuration")],
    "DeletePortMapping": [("NewRemoteHost", "in", "RemoteHost"), ("NewExternalPort", "in", "ExternalPort"),
                          ("NewProtocol", "in", "PortMappingProtocol")],
}
SCPD = ("""<?xml version="1.0"?><scpd xmlns="urn:schemas-upnp-org:service-1-0">
<specVersion><major>1</major><minor>0</minor></specVersion><actionList>"""
        + "".join(f"<action><name>{name}</name><argumentList>" + "".join(
            f"<argument><name>{a}</name><direction>{d}</direction>"
            f"<relatedStateVariable>{v}</relatedStateVariable></argument>" for a, d, v in args)
            + "</argumentList></action>" for name, args in ACTIONS.items())
        + "</actionList><serviceStateTable>"
        + "".join(f'<stateVariable sendEvents="no"><name>{n}</name><dataType>{t}</dataType></stateVariable>'
                  for n, t in VARIABLES.items())
        + "</serviceStateTable></scpd>")
ENVELOPE = ('<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" '
            's:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>{}</s:Body></s:Envelope>')
FAULT = ("<s:Fault><faultcode>s:Client</faultcode><faultstring>UPnPError</faultstring><detail>"
         '<UPnPError xmlns="urn:schemas-upnp-org:control-1-0"><errorCode>{code}</errorCode>'
         "<errorDescription>{desc}</errorDescription></UPnPError></detail></s:Fault>")


class SimulatedRouter:
    def __init__(self, public: str = "203.0.113.7", refuse: dict[str, tuple[int, str]] | None = None):
        self.public, self.refuse = public, dict(refuse or {})
        self.calls: list[tuple[str, dict[str, str]]] = []
        self.mappings: dict[tuple[int, str], dict[str, str]] = {}
        router = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                body = {"/desc.xml": DESCRIPTION, "/scpd.xml": SCPD}.get(self.path)
                self._answer(200 if body else 404, body or "")

            def do_POST(self) -> None:
                text = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
                action = (self.headers.get("SOAPAction") or "").strip('"').rpartition("#")[2]
                args = dict(re.findall(r"<(New\w+)>([^<]*)</\1>", text))
                args.update(dict.fromkeys(re.findall(r"<(New\w+)\s*/>", text), ""))
                code, body = router.answer(action, args)
                self._answer(code, ENVELOPE.format(body))

            def _answer(self, code: int, body: str) -> None:
                data = body.encode()
                self.send_response(code)
                self.send_header("Content-Type", 'text/xml; charset="utf-8"')
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.location = f"http://127.0.0.1:{self.server.server_address[1]}/desc.xml"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def answer(self, action: str, args: dict[str, str]) -> tuple[int, str]:
        self.calls.append((action, args))
        if action in self.refuse:
            code, desc = self.refuse[action]
            return 500, FAULT.format(code=code, desc=desc)
        if action == "GetExternalIPAddress":
            return 200, (f'<u:{action}Response xmlns:u="{SERVICE}"><NewExternalIPAddress>'
                         f"{self.public}</NewExternalIPAddress></u:{action}Response>")
        key = (int(args.get("NewExternalPort", "0")), args.get("NewProtocol", ""))
        if action == "AddPortMapping":
            self.mappings[key] = args
        elif action == "DeletePortMapping" and self.mappings.pop(key, None) is None:
            return 500, FAULT.format(code=714, desc="NoSuchEntryInArray")
        return 200, f'<u:{action}Response xmlns:u="{SERVICE}"></u:{action}Response>'

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
