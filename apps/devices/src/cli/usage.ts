export const USAGE = `Usage: npm run devices -- fleet --api <url> --account <account> --password <password> [options]
       npm run devices -- driver [options]

fleet: simulated lock gateways (G1 to G4) and the Bluetooth locks behind them, speaking the MQTT
device link to the cloud. The first run registers the fleet through the API (as the mobile
app does after pairing) and keeps it in the state file; later runs carry on from that file.

driver: the local device driver the console talks to (docs/driver.md), a WebSocket service on
ws://127.0.0.1:18620/ with a hotel card encoder (encoder-1) and two fingerprint scanners
(scanner-a, type 1; scanner-b, type 2).

Modes
  fleet                       register (first run), connect and run the fleet
  driver                      run the simulated device driver

Fleet options
  --api <url>                 the cloud's HTTP address, e.g. http://127.0.0.1:8080 (required)
  --account <account>         the owner's account: email or mobile number (required)
  --password <password>       its password (or the DEVICES_PASSWORD environment variable)
  --country-code <code>       country calling code, for a mobile-number account
  --mqtt <url>                the MQTT broker (default mqtt://<api host>:1883)
  --gateways <n>              gateways in a new fleet (default 2; a larger number extends a saved fleet)
  --locks-per-gateway <n>     locks behind each new gateway (default 3)
  --kinds <list>              lock kinds taken in turn: door,hotel,parking (default all three)
  --state <file>              the state file (default ./data/devices.json)
  --trickle <seconds>         every ~N seconds something happens at a random lock
                              (passcode, card, fingerprint or app unlock, now and then a
                              mechanical key or a wrong passcode), then auto-lock (default off)
  --latency <ms>              Bluetooth connection time per command (default 300, varies ±25%)
  --timezone-offset <ms>      new locks' UTC offset in milliseconds (default 0)
  --cities <ids>              GeoNames ids of the cities the gateways are in, taken in turn
                              (e.g. 2643743,5128581); their locks take the gateway's city
  --no-remote-unlock          leave remote unlock off (default: turned on for door and hotel locks)
  --help                      this text

Control on stdin, one JSON object per line:
  {"do":"offline","gateway":<gatewayId>}       drop the connection abruptly (last will) and stay away
  {"do":"online","gateway":<gatewayId>}        connect again
  {"do":"fault","lock":"<mac>","fault":"reject|timeout|outOfRange|none"}
  {"do":"drift","lock":"<mac>","ms":<n>}       the lock's clock runs n ms ahead (negative: behind)
  {"do":"localUnlock","lock":"<mac>","method":"passcode|card|fingerprint|face|palmVein|qrCode|keyFob|app|mechanicalKey|button",
   "username":"...","credential":"...","valid":false}
                                              someone at the door: username, credential and valid are optional
                                              (no credential: a stored one valid now). Cards, fingerprints, faces,
                                              palm veins, QR codes and key fobs must be stored and valid now
                                              (validity, weekly cycle); a passcode it does not store is trusted
                                              (valid:false: a wrong one). Refused: logged, stays locked, error rejected
  {"do":"keypad","lock":"<mac>","code":"123456789"}
                                              someone types a code at the keypad; the lock checks it itself
                                              (custom passcodes, offline codes from its secret, lockout)
  {"do":"appUnlock","lock":"<mac>","credential":"<token>"}
                                              the holder's app shows an eKey credential over Bluetooth
  {"do":"status"}

Output on stdout, one JSON object per line:
  {"event":"ready","gateways":[{"gatewayId","mac","locks":[{"lockId","mac","kind"}]}]}
  {"event":"online"|"offline","gatewayId"}
  {"event":"command","gatewayId","id","name","lockMac","outcome":"ran|expired|duplicate|badSignature|<error>|timeout"}
  {"event":"bolt","lockMac","state"}   {"event":"parking","lockMac","parking"}   {"event":"clock","lockMac","driftMs"}
  {"event":"status","gateways":[...]}  {"event":"ack","do","ok","error"?}
Acks come in line order; keypad and appUnlock ack once the lock has checked, with the reason in error:
  keypad: wrongCode notYetValid expired notActivatedInTime outsideValidity blocked used cleared
          keypadLocked noSecret unsupported
  appUnlock: badCredential wrongLock revoked outsideValidity credentialExpired used noSecret unsupported
Logs go to stderr. SIGINT or SIGTERM: every gateway signs off (offline status) and the state is saved.

Driver options
  --port <n>                  the port on 127.0.0.1 (default 18620; 0: any free port)
  --no-encoder                no card encoder plugged in
  --no-scanners               no fingerprint scanners plugged in
  --version <x.y.z>           the driver version hello answers (default 2.4.0; below 2.1.0 the
                              console says the plugin version is too low)
  --allow-origin <origin>     pages of this origin may connect, e.g. https://console.example.com or
                              http://lan-host:* (any port); repeatable. Default: http://localhost:*
                              and http://127.0.0.1:*. Connections without an Origin (tools) always may.

Driver control on stdin, one JSON object per line:
  {"do":"unplug","device":"scanner-a"}        the device disappears (deviceNotFound; a running scan fails)
  {"do":"plug","device":"scanner-a"}          it is back
  {"do":"fail","device":"encoder-1","error":"deviceConnectionFailed|timeout"}
                                              the next request to it fails so (default deviceConnectionFailed)
  {"do":"card","number":"1234567890"}         lays that card on the encoder (what was written on it stays)
  {"do":"noCard"}                             takes the card away (noCard)
  {"do":"status"}

Driver output on stdout, one JSON object per line:
  {"event":"ready","port"}   (always the first line)
  {"event":"connected","connection","origin"?}   {"event":"disconnected","connection"}   {"event":"refused","origin"}
  {"event":"request","connection","id","method","ok","error"?}
  {"event":"ack","do","ok","error"?}   {"event":"status","driverVersion","port","connections","devices","card"}
`;
